/** The stock adjustment form's schema (app/core/catalogue/stock-adjustment.ts holds its rules): server only, apart so the stock pages load no Valibot. */
import * as v from "valibot";
import {
  ADJUSTMENT_CHOICES,
  type AdjustmentChoice,
  STOCK_FORM_FIELDS,
  STOCK_MESSAGES,
  STOCK_POOLS,
  type StockFormErrors,
  type StockTargetKey,
  kindOf,
  parseStockTarget,
  reasonProblem,
  stockChangeOf,
  stockChangeProblems,
} from "./stock-adjustment";

/** A choice of the form (target, pool, kind): spaces around dropped; absent is empty. */
const typed = v.pipe(
  v.optional(v.string(), ""),
  v.transform((text) => text.trim()),
);

/** A number as a person types it: full-width digits and signs made ASCII (a minus typed as −, – or ー too). */
const typedNumber = v.pipe(
  typed,
  v.transform((text) =>
    text
      .normalize("NFKC")
      .replace(/[−–—ー]/g, "-")
      .replace(/\s+/g, ""),
  ),
);

const QUANTITY_MESSAGES: Record<AdjustmentChoice, string> = {
  receipt: STOCK_MESSAGES.receiptQuantity,
  set: STOCK_MESSAGES.setQuantity,
  delta: STOCK_MESSAGES.deltaQuantity,
};

const FormFieldsSchema = v.object({
  target: v.pipe(
    typed,
    v.check((value) => parseStockTarget(value) != null, STOCK_MESSAGES.target),
  ),
  pool: v.pipe(typed, v.picklist(STOCK_POOLS, STOCK_MESSAGES.pool)),
  kind: v.pipe(
    typed,
    v.picklist(
      ADJUSTMENT_CHOICES.map((choice) => choice.value),
      STOCK_MESSAGES.kind,
    ),
  ),
  quantity: typedNumber,
  reason: typed,
});
type FormFields = v.InferOutput<typeof FormFieldsSchema>;

/** Whether the quantity fits the kind `kind` (a form of another kind passes: its own check speaks). */
const quantityFits = (kind: AdjustmentChoice) => (input: Pick<FormFields, "kind" | "quantity" | "reason">) =>
  input.kind !== kind || stockChangeProblems(stockChangeOf(input)).quantity == null;

/** The adjustment form: every field checked, each with its own message (see stockFormErrors). */
export const StockAdjustmentSchema = v.pipe(
  FormFieldsSchema,
  // The quantity's message depends on the kind, hence one check per kind.
  v.forward(v.partialCheck([["kind"], ["quantity"], ["reason"]], quantityFits("receipt"), QUANTITY_MESSAGES.receipt), ["quantity"]),
  v.forward(v.partialCheck([["kind"], ["quantity"], ["reason"]], quantityFits("set"), QUANTITY_MESSAGES.set), ["quantity"]),
  v.forward(v.partialCheck([["kind"], ["quantity"], ["reason"]], quantityFits("delta"), QUANTITY_MESSAGES.delta), ["quantity"]),
  // Not on the quantity: a reason is checked even when the quantity is wrong.
  v.forward(
    v.partialCheck(
      [["kind"], ["reason"]],
      (input) => reasonProblem(kindOf(input.kind), input.reason) == null,
      (issue) => reasonProblem(kindOf((issue.input as FormFields).kind), (issue.input as FormFields).reason) ?? STOCK_MESSAGES.reasonRequired,
    ),
    ["reason"],
  ),
  v.transform((input) => ({ target: parseStockTarget(input.target) as StockTargetKey, pool: input.pool, change: stockChangeOf(input) })),
);
export type StockAdjustmentInput = v.InferOutput<typeof StockAdjustmentSchema>;

/** The first message of each field that failed (a field the form does not have reads as the target). */
export function stockFormErrors(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): StockFormErrors {
  const errors: StockFormErrors = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    const field = STOCK_FORM_FIELDS.find((name) => name === key) ?? "target";
    errors[field] ??= issue.message;
  }
  return errors;
}
