/**
 * Staff's coupon pages over HTTP (staff only): /crm/coupons (listing), /crm/coupons/new (create; ?from=ID
 * duplicates a coupon) and /crm/coupons/{id} (edit, 今すぐ終了, delete while unused). Plain POSTs answered
 * with a 303 (PRG) or, when refused, the form's reply with every field message and the typed values.
 */
import { parseSubmission } from "~/web/form-submission.server";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { COUPON_MESSAGES, CouponFormSchema, couponFormValues, couponOfferLabel, NEW_COUPON_VALUES, usageLimitWarning } from "~/core/promotions/coupon-form";
import { parseListingQuery } from "~/core/search/listing-query";
import { formatCount } from "~/core/money";
import { periodLabel, PROMOTION_PARSE, promotionState } from "~/core/promotions/promotion-forms";
import { IdOrNullSchema, IdSchema, MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { deleteCoupon, endCoupon, findCouponForEditor, listCoupons, saveCoupon } from "~/services/promotions/coupon-admin.server";
import { requireStaff } from "../account/auth.server";
import { invariantResponse, readFormData, withNotice } from "../http.server";
import { parseQuery, redirectedNotice } from "../input.server";
import { editOf, staleReply } from "./crm-promotions.server";
import { canonicalListingRedirect } from "../search/listing.server";
import type { CouponListRow, PromotionActionData, PromotionListingData } from "../types/promotions";
import { COUPONS_PATH, COUPON_LISTING, PROMOTION_STATE_LABELS } from "~/core/promotions/promotions";

const NOTICES = {
  created: "クーポンを作成しました。",
  saved: "クーポンを保存しました。",
  ended: "クーポンを終了しました。今後カートでは使えません。",
  deleted: "クーポンを削除しました。",
} as const;

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The coupon list: its definition, the rows with their offer, period, uses and state written out. */
export async function couponListingPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const query = parseListingQuery(COUPON_LISTING, url.searchParams);
  const canonical = canonicalListingRedirect(url, COUPON_LISTING, query);
  if (canonical) throw canonical;
  const page = await listCoupons(context.db, query, new Date());
  const rows: CouponListRow[] = page.rows.map((row) => ({
    id: row.id,
    code: row.code,
    title: row.title,
    offer: couponOfferLabel(row),
    memberOnly: row.memberOnly,
    isAuto: row.isAuto,
    alone: row.alone,
    period: periodLabel(row.startsAt, row.expiresAt),
    uses: `${formatCount(row.used)}回${row.maxUses == null ? "" : ` / ${formatCount(row.maxUses)}回`}`,
    state: row.state,
    stateLabel: PROMOTION_STATE_LABELS[row.state],
  }));
  return data<PromotionListingData<CouponListRow>>(
    { definition: COUPON_LISTING, page: { ...page, rows }, notice: redirectedNotice(url, NOTICES) },
    { headers: NO_STORE },
  );
}

function couponIdOf(raw: string | undefined): number {
  const id = v.safeParse(IdSchema, raw);
  invariantResponse(id.success, COUPON_MESSAGES.notFound, { status: 404 });
  return id.output;
}

/** The new-coupon form, empty or (?from=ID) a copy of another coupon without its code. */
export async function newCouponPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  const { from } = parseQuery(request, v.object({ from: IdOrNullSchema }));
  const original = from == null ? null : await findCouponForEditor(context.db, from);
  invariantResponse(from == null || original, COUPON_MESSAGES.notFound, { status: 404 });
  return data(
    {
      values: original ? couponFormValues(original, { copy: true }) : NEW_COUPON_VALUES,
      copyOf: original ? { id: original.id, code: original.code } : null,
    },
    { headers: NO_STORE },
  );
}

export async function couponEditorPage(request: Request, context: AppLoadContext, rawId: string | undefined) {
  await requireStaff(request, context);
  const id = couponIdOf(rawId);
  const coupon = await findCouponForEditor(context.db, id);
  invariantResponse(coupon, COUPON_MESSAGES.notFound, { status: 404 });
  return data(
    {
      id,
      revision: coupon.revision,
      values: couponFormValues(coupon),
      usage: coupon.usage,
      maxUsesPerUser: coupon.maxUsesPerUser,
      state: promotionState({ startsAt: coupon.startsAt, endsAt: coupon.expiresAt }, new Date()),
      period: periodLabel(coupon.startsAt, coupon.expiresAt),
      limitWarning: usageLimitWarning(coupon.maxUses, coupon.usage.used),
      notice: redirectedNotice(request, NOTICES),
    },
    { headers: NO_STORE },
  );
}

/** Reads and saves the coupon form (id null: a new coupon); a refusal is the form's reply with its messages. */
async function saveCouponForm(form: FormData, context: AppLoadContext, id: number | null) {
  const edit = editOf(form, id);
  if (edit === "malformed") return data<PromotionActionData>({ refusal: MALFORMED_INPUT_MESSAGE }, { status: 400 });
  const submission = parseSubmission(form, { schema: CouponFormSchema, ...PROMOTION_PARSE });
  if (submission.status !== "success") return data<PromotionActionData>(submission.reply(), { status: 400 });
  const result = await saveCoupon(context.db, submission.value, edit, new Date());
  if (!result.ok) {
    invariantResponse(!("notFound" in result), COUPON_MESSAGES.notFound, { status: 404 });
    if ("stale" in result) return staleReply();
    return data<PromotionActionData>(submission.reply({ fieldErrors: result.fieldErrors }), { status: 400 });
  }
  throw redirect(withNotice(`${COUPONS_PATH}/${result.id}`, id == null ? "created" : "saved"), 303);
}

export async function createCouponAction(request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  return saveCouponForm(await readFormData(request), context, null);
}

const IntentSchema = v.object({ intent: v.optional(v.picklist(["save", "end", "delete"]), "save") });

/** The coupon page's forms: save (the editor), end (今すぐ終了) and delete (an unused coupon). */
export async function couponEditorAction(request: Request, context: AppLoadContext, rawId: string | undefined) {
  await requireStaff(request, context);
  const id = couponIdOf(rawId);
  const form = await readFormData(request);
  const intent = v.safeParse(IntentSchema, { intent: form.get("intent") ?? undefined });
  if (!intent.success) return data<PromotionActionData>({ refusal: MALFORMED_INPUT_MESSAGE }, { status: 400 });
  if (intent.output.intent === "save") return saveCouponForm(form, context, id);
  const result = intent.output.intent === "end" ? await endCoupon(context.db, id, new Date()) : await deleteCoupon(context.db, id);
  if (!result.ok) return data<PromotionActionData>({ refusal: result.error }, { status: result.status });
  throw redirect(intent.output.intent === "end" ? withNotice(`${COUPONS_PATH}/${id}`, "ended") : withNotice(COUPONS_PATH, "deleted"), 303);
}
