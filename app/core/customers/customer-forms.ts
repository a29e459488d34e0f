/**
 * The customer page's forms (one Valibot schema each, read by Conform on the server and, with JS, in the
 * browser): a manual points adjustment with its reason, a suspension or resumption with its reason, and
 * the guest page's address. The address correction uses the address book's own AddressSchema.
 */
import * as v from "valibot";
import { emailField, requiredLine } from "../account/account-forms";
import { typedWholeNumber } from "../validation";

/** The page's actions (`intent`); suspend and resume are the owner's. */
export const CustomerIntentSchema = v.object({ intent: v.picklist(["adjust_points", "suspend", "resume"]) });

/** Most points one adjustment may name: a guard against a slip of the keyboard, even for the owner. */
export const POINT_ADJUSTMENT_MAX = 1_000_000;
export const ADJUSTMENT_REASON_MAX_LENGTH = 100;
export const SUSPENSION_REASON_MAX_LENGTH = 200;

const POINTS_MESSAGE = `ポイントは1〜${POINT_ADJUSTMENT_MAX.toLocaleString("ja-JP")}の半角数字で入力してください`;

export const PointAdjustmentSchema = v.object({
  direction: v.picklist(["add", "take"], "付与するか差し引くかを選んでください"),
  points: v.pipe(typedWholeNumber(POINTS_MESSAGE, 7), v.minValue(1, POINTS_MESSAGE), v.maxValue(POINT_ADJUSTMENT_MAX, POINTS_MESSAGE)),
  reason: v.pipe(
    requiredLine("理由を入力してください（お客様のポイント履歴に表示されます）"),
    v.maxLength(ADJUSTMENT_REASON_MAX_LENGTH, `理由は${ADJUSTMENT_REASON_MAX_LENGTH}文字以内で入力してください`),
  ),
});

export type PointAdjustmentInput = v.InferOutput<typeof PointAdjustmentSchema>;

/** The signed change an adjustment makes to the balance. */
export function signedAdjustment(input: Pick<PointAdjustmentInput, "direction" | "points">): number {
  return input.direction === "add" ? input.points : -input.points;
}

export const SuspensionSchema = v.object({
  reason: v.pipe(
    requiredLine("理由を入力してください"),
    v.maxLength(SUSPENSION_REASON_MAX_LENGTH, `理由は${SUSPENSION_REASON_MAX_LENGTH}文字以内で入力してください`),
  ),
});

/** /crm/customers/guest?email=…: the guest's address, as orders keep it (lower-cased). */
export const GuestQuerySchema = v.object({ email: emailField });
