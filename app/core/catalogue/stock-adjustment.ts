/**
 * Stock adjustments in the back office (issue 17 item 3): a receipt (入荷, +N) or a stocktake correction
 * (棚卸し修正: set to N, or ±N, with a reason) of one stock — a product's, a variation's or a variable
 * choice's that keeps its own — in the normal pool or the pre-order pool. The rules here are the ones the
 * SQL of app/services/catalogue/stock-adjustments.server.ts applies in its batch; the form is read by
 * StockAdjustmentSchema (stock-adjustment-forms.ts, apart so the stock pages load no Valibot), one message per field.
 */

/** Most one receipt or one ±N correction may move. */
export const MAX_STOCK_CHANGE = 99_999;
/** Highest stock a product, variation or choice may hold. */
export const MAX_STOCK = 999_999;
export const MAX_STOCK_REASON_LENGTH = 200;
/** History lines per page on the stock page (newest first). */
export const STOCK_HISTORY_PAGE_SIZE = 20;

export const STOCK_POOLS = ["stock", "preorder"] as const;
export type StockPool = (typeof STOCK_POOLS)[number];
/** How stock_movements names what happened; `import` is the CSV import's. */
export type StockMovementKind = "receipt" | "correction" | "import";

/** What the form asks for: 入荷 (+N), 棚卸し修正 to N, or 棚卸し修正 by ±N. */
export const ADJUSTMENT_CHOICES = [
  { value: "receipt", label: "入荷（在庫を増やす）" },
  { value: "set", label: "棚卸し修正（在庫数を指定する）" },
  { value: "delta", label: "棚卸し修正（±で増減する）" },
] as const;
export type AdjustmentChoice = (typeof ADJUSTMENT_CHOICES)[number]["value"];

export const POOL_LABELS: Record<StockPool, string> = { stock: "通常在庫", preorder: "予約在庫" };

/**
 * What a line of the stock history is: a recorded movement (stock_movements), or what an order did to the
 * stock, read from the order itself — placed (−n), cancelled in whole or in part (+n), a return put back in
 * stock (+n).
 */
export type StockHistoryKind = StockMovementKind | "order" | "cancel" | "return";
export const STOCK_HISTORY_KIND_LABELS: Record<StockHistoryKind, string> = {
  receipt: "入荷",
  correction: "棚卸し修正",
  import: "CSV取り込み",
  order: "ご注文",
  cancel: "注文のキャンセル",
  return: "返品の入庫",
};

/** "+3" / "-2" / "±0": how much a line of the history moved the stock. */
export function stockChangeText(change: number): string {
  return change > 0 ? `+${change.toLocaleString("ja-JP")}` : change < 0 ? `-${(-change).toLocaleString("ja-JP")}` : "±0";
}

/**
 * A change of one stock: `add` moves it by `amount` (a receipt is always positive), `set` makes it `amount`.
 * The reason is required for corrections.
 */
export interface StockChange {
  kind: "receipt" | "correction";
  mode: "add" | "set";
  amount: number;
  reason: string;
}

/** Which stock of the product the form names: the product's own (`p`), a variation's (`v12`) or a choice's (`c3`). */
export type StockTargetKey = { level: "product" } | { level: "variation"; id: number } | { level: "choice"; id: number };

export const STOCK_MESSAGES = {
  target: "調整する在庫を選んでください。",
  pool: "通常在庫か予約在庫かを選んでください。",
  kind: "調整の種類を選んでください。",
  receiptQuantity: `入荷数は1〜${MAX_STOCK_CHANGE.toLocaleString("ja-JP")}の整数で入力してください。`,
  setQuantity: `棚卸し後の在庫数は0〜${MAX_STOCK.toLocaleString("ja-JP")}の整数で入力してください。`,
  deltaQuantity: `増減数は「+5」「-3」のように、符号を付けた整数（±1〜${MAX_STOCK_CHANGE.toLocaleString("ja-JP")}）で入力してください。`,
  reasonRequired: "棚卸し修正の理由を入力してください。",
  reasonLength: `理由は${MAX_STOCK_REASON_LENGTH}文字以内で入力してください。`,
  choicePreorder: "選択肢ごとの在庫には予約在庫がありません。通常在庫を選んでください。",
  choiceSharesStock: "この選択肢はタイプの在庫を使っています。タイプの在庫を調整してください。",
  raced: "ほかの更新と重なったため調整できませんでした。もう一度お試しください。",
  variationRequired: "この商品はタイプごとに在庫があります。タイプを選んでください。",
  productNotFound: "商品が見つかりません。",
  targetNotFound: "選んだ在庫はこの商品にありません。ページを再読み込みしてからもう一度お試しください。",
  done: "在庫を調整しました。",
} as const;

/** Why the stock cannot take the change, with the stock as it is now. */
export function belowZeroMessage(current: number): string {
  return `在庫が0未満になるため調整できません（現在の在庫：${current.toLocaleString("ja-JP")}点）。`;
}

export function aboveMaximumMessage(current: number): string {
  return `在庫は${MAX_STOCK.toLocaleString("ja-JP")}点までです（現在の在庫：${current.toLocaleString("ja-JP")}点）。`;
}

/**
 * The stock after `change`, or why it is refused: never below 0, never above MAX_STOCK. A choice that
 * keeps its own stock moves its variation's stock by the same amount (as orders take from both), so
 * `alsoMoves` — the variation's stock — must stay within the bounds too.
 */
export function stockAfter(
  before: number,
  change: Pick<StockChange, "mode" | "amount">,
  alsoMoves?: number,
): { ok: true; after: number } | { ok: false; error: string } {
  const after = change.mode === "set" ? change.amount : before + change.amount;
  const moved = alsoMoves == null ? null : alsoMoves + (after - before);
  if (after < 0 || (moved != null && moved < 0)) return { ok: false, error: belowZeroMessage(before) };
  if (after > MAX_STOCK || (moved != null && moved > MAX_STOCK)) return { ok: false, error: aboveMaximumMessage(before) };
  return { ok: true, after };
}

/** The `target` value of the form for a stock (see StockTargetKey). */
export function stockTargetValue(target: StockTargetKey): string {
  return target.level === "product" ? "p" : `${target.level === "variation" ? "v" : "c"}${target.id}`;
}

export function parseStockTarget(value: string): StockTargetKey | null {
  if (value === "p") return { level: "product" };
  const match = /^([vc])([1-9]\d{0,8})$/.exec(value);
  if (!match) return null;
  return { level: match[1] === "v" ? "variation" : "choice", id: Number(match[2]) };
}

/**
 * A correction of a choice is recorded on its variation (stock_movements has no choice column), so the
 * history names the choice in front of the reason.
 */
export function choiceMovementReason(choice: { groupTitle: string; title: string }, reason: string): string {
  const label = `【${choice.groupTitle}：${choice.title}】`;
  return reason ? `${label}${reason}` : label;
}

/**
 * What is wrong with a change, by field (none: it may be tried on the stock). The form's schema and the
 * service both ask, so a change that did not come from the form is held to the same rules.
 */
export function stockChangeProblems(change: StockChange): { quantity?: string; reason?: string } {
  const problems: { quantity?: string; reason?: string } = {};
  const { amount } = change;
  if (change.kind === "receipt") {
    if (change.mode !== "add" || !Number.isSafeInteger(amount) || amount < 1 || amount > MAX_STOCK_CHANGE) problems.quantity = STOCK_MESSAGES.receiptQuantity;
  } else if (change.mode === "set") {
    if (!Number.isSafeInteger(amount) || amount < 0 || amount > MAX_STOCK) problems.quantity = STOCK_MESSAGES.setQuantity;
  } else if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > MAX_STOCK_CHANGE) {
    problems.quantity = STOCK_MESSAGES.deltaQuantity;
  }
  const reason = reasonProblem(change.kind, change.reason);
  if (reason) problems.reason = reason;
  return problems;
}

/** A reason is at most MAX_STOCK_REASON_LENGTH characters, and a correction must give one. */
export function reasonProblem(kind: StockChange["kind"], reason: string): string | null {
  if (reason.length > MAX_STOCK_REASON_LENGTH) return STOCK_MESSAGES.reasonLength;
  if (kind === "correction" && reason.trim() === "") return STOCK_MESSAGES.reasonRequired;
  return null;
}

/**
 * The change the form's kind, quantity and reason describe. A receipt or a count takes plain digits; a ±N
 * correction a signed number ("5" reads as +5). Anything else is an amount of NaN, which the rules refuse.
 */
export function stockChangeOf(input: { kind: AdjustmentChoice; quantity: string; reason: string }): StockChange {
  const pattern = input.kind === "delta" ? /^[+-]?\d{1,7}$/ : /^\d{1,7}$/;
  return {
    kind: kindOf(input.kind),
    mode: input.kind === "set" ? "set" : "add",
    amount: pattern.test(input.quantity) ? Number(input.quantity) : Number.NaN,
    reason: input.reason,
  };
}

export function kindOf(choice: AdjustmentChoice): StockChange["kind"] {
  return choice === "receipt" ? "receipt" : "correction";
}

/** The fields of the adjustment form, as typed (a refused form shows them again). */
export const STOCK_FORM_FIELDS = ["target", "pool", "kind", "quantity", "reason"] as const;
export type StockFormField = (typeof STOCK_FORM_FIELDS)[number];
export type StockFormErrors = Partial<Record<StockFormField, string>>;
