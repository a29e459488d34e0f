/**
 * The forms and queries of the merchants' commission and statements (decision 0060): staff set a merchant's
 * rate and a category's rate on /crm/merchants/{id}, and record a month paid on its statement; everyone reads
 * a statement as CSV. One schema each with the server, whose reply shows the same messages without JS. Pure.
 */
import * as v from "valibot";
import { isCalendarDay } from "../dates";
import { IdSchema, MALFORMED_INPUT_MESSAGE, toSingleLine } from "../validation";
import { percentToBp } from "./merchant-statements";

export const COMMISSION_TEXT = {
  badRate: "手数料率は0〜100の数で、小数点以下2桁まで入力してください（例: 10、8.5）。",
  noCategory: "カテゴリを選んでください。",
  unknownCategory: "そのカテゴリはありません。",
  saved: "手数料率を保存しました。",
  categorySaved: "カテゴリ別の手数料率を保存しました。",
  categoryRemoved: "カテゴリ別の手数料率を削除しました（出店者の手数料率に戻ります）。",
  categoryNotSet: "そのカテゴリには別の手数料率が設定されていません。",
} as const;

const RateSchema = v.pipe(
  v.string(COMMISSION_TEXT.badRate),
  v.transform((text) => percentToBp(text)),
  v.check((bp) => bp != null, COMMISSION_TEXT.badRate),
  v.transform((bp) => bp!),
);

/** The merchant's own rate (percent, two decimals at most). */
export const MerchantCommissionSchema = v.object({ commission: RateSchema });

/** A category's rate for the merchant: added, or changed when the category has one. */
export const CategoryCommissionSchema = v.object({
  categoryId: v.pipe(v.string(COMMISSION_TEXT.noCategory), v.trim(), v.regex(/^[1-9]\d{0,8}$/, COMMISSION_TEXT.noCategory), v.transform(Number)),
  commission: RateSchema,
});

/** A category's rate taken away. */
export const RemoveCategoryCommissionSchema = v.object({ categoryId: IdSchema });

export const PAYOUT_REFERENCE_MAX = 100;

export const PAYOUT_TEXT = {
  badDate: "支払日は「2026-11-25」の形式で、正しい日付を入力してください。",
  futureDate: "支払日に未来の日付は指定できません。",
  beforeMonth: "支払日は明細の月の初日以降の日付にしてください。",
  longReference: `振込の照会番号・メモは${PAYOUT_REFERENCE_MAX}文字以内で入力してください。`,
} as const;

/** 支払済みにする: the day it was paid, the bank's reference, and the amount payable the form was shown (a guard against figures that moved). */
export const PayoutSchema = v.object({
  paidOn: v.pipe(v.string(PAYOUT_TEXT.badDate), v.trim(), v.check(isCalendarDay, PAYOUT_TEXT.badDate)),
  // Conform sends an empty field as a missing key and skips Valibot's defaults for strings: absent is "" here.
  reference: v.pipe(
    v.optional(v.string()),
    v.transform((text) => toSingleLine(text ?? "").trim()),
    v.maxLength(PAYOUT_REFERENCE_MAX, PAYOUT_TEXT.longReference),
  ),
  payable: v.pipe(v.string(MALFORMED_INPUT_MESSAGE), v.regex(/^-?\d{1,12}$/, MALFORMED_INPUT_MESSAGE), v.transform(Number)),
});

export type PayoutInput = v.InferOutput<typeof PayoutSchema>;

/** A statement's CSV: which month, and the encoding (UTF-8 with BOM, or Shift_JIS). Nothing names a merchant. */
export const StatementCsvQuerySchema = v.object({
  month: v.fallback(v.string(), ""),
  encoding: v.fallback(v.picklist(["utf8", "sjis"]), "utf8"),
});
