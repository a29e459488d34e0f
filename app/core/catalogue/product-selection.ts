/**
 * What the shopper picked on the product page (spec §7 fields p, v, c, o, q, subscribe), read from a
 * query string or form and checked against the product's own variations, choices and options.
 */
export interface RawSelection {
  variationId: number | null;
  choiceSku: string | null;
  optionChoiceIds: number[];
  quantity: number;
  subscribe: boolean;
}

/** Nothing chosen: the product as its page first shows it. */
export const NO_SELECTION: RawSelection = { variationId: null, choiceSku: null, optionChoiceIds: [], quantity: 1, subscribe: false };

const MAX_OPTION_VALUES = 20;

function positiveInt(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value.trim())) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

/** Option choices arrive as repeated `o` or, from radio groups that need distinct names, `o[optionId]`. */
const OPTION_FIELD = /^o(\[\d{1,9}\])?$/;

/** Never throws: anything malformed reads as "not chosen" (quantity defaults to 1). */
export function readSelection(source: URLSearchParams | FormData): RawSelection {
  const choice = source.get("c");
  const optionChoiceIds = [...source.entries()]
    .filter(([name]) => OPTION_FIELD.test(name))
    .map(([, value]) => value)
    .slice(0, MAX_OPTION_VALUES)
    .map(positiveInt)
    .filter((id): id is number => id != null);
  return {
    variationId: positiveInt(source.get("v")),
    choiceSku: typeof choice === "string" && /^[\w-]{1,64}$/.test(choice) ? choice : null,
    optionChoiceIds: [...new Set(optionChoiceIds)],
    quantity: positiveInt(source.get("q")) ?? 1,
    subscribe: source.get("subscribe") === "1",
  };
}

/** The selection as the product page's query, which readSelection reads back (a refused plain post returns to it). */
export function selectionQuery(selection: RawSelection): [string, string][] {
  const pairs: [string, string][] = [];
  if (selection.variationId != null) pairs.push(["v", String(selection.variationId)]);
  if (selection.choiceSku != null) pairs.push(["c", selection.choiceSku]);
  for (const id of selection.optionChoiceIds) pairs.push(["o", String(id)]);
  if (selection.quantity !== 1) pairs.push(["q", String(selection.quantity)]);
  if (selection.subscribe) pairs.push(["subscribe", "1"]);
  return pairs;
}

export interface SelectableVariation {
  id: number;
  choices: { sku: string }[];
}

export interface SelectableOption {
  id: number;
  choices: { id: number }[];
}

/**
 * Keeps only what belongs to this product: a variation of it, a choice of that variation, and at most
 * one choice per option.
 */
export function resolveSelection<V extends SelectableVariation, O extends SelectableOption>(
  raw: RawSelection,
  product: { variations: V[]; options: O[]; subscribable: boolean; subscribeOnly: boolean },
) {
  const variation = product.variations.find((candidate) => candidate.id === raw.variationId) ?? null;
  const choice: V["choices"][number] | null = variation?.choices.find((candidate) => candidate.sku === raw.choiceSku) ?? null;
  const optionChoices = product.options.flatMap((option) => {
    const picked: O["choices"][number] | undefined = option.choices.find((candidate) => raw.optionChoiceIds.includes(candidate.id));
    return picked ? [{ optionId: option.id, choice: picked }] : [];
  });
  const subscribe = product.subscribeOnly || (product.subscribable && raw.subscribe);
  return { variation, choice, optionChoices, quantity: raw.quantity, subscribe };
}

/** What is still to be picked before the product can be bought, as the notice that asks for it. */
export type MissingPick = "choose_variation" | "choose_choice";

/**
 * A variation product needs one of its variations, and a variable variation one of its choices; the server
 * refuses a purchase without them and the page asks for them before posting.
 */
export function missingPick(picked: {
  productType: "simple" | "set" | "variation";
  variation: { type: "normal" | "variable" } | null;
  choicePicked: boolean;
}): MissingPick | null {
  if (picked.productType === "variation" && !picked.variation) return "choose_variation";
  if (picked.variation?.type === "variable" && !picked.choicePicked) return "choose_choice";
  return null;
}

/**
 * What a SKU names within one product (spec §7 inventory-request `sku`): the product itself, one of its
 * variations, or a variable choice of one (with its variation). Null when it names nothing of this product.
 */
export function selectionForSku(
  sku: string,
  product: { sku: string; variations: { id: number; sku: string; choices: { sku: string }[] }[] },
): { variationId: number | null; choiceSku: string | null } | null {
  const wanted = sku.normalize("NFKC").trim().toUpperCase();
  if (!wanted) return null;
  if (product.sku.toUpperCase() === wanted) return { variationId: null, choiceSku: null };
  for (const variation of product.variations) {
    if (variation.sku.toUpperCase() === wanted) return { variationId: variation.id, choiceSku: null };
    const choice = variation.choices.find((candidate) => candidate.sku.toUpperCase() === wanted);
    if (choice) return { variationId: variation.id, choiceSku: choice.sku };
  }
  return null;
}
