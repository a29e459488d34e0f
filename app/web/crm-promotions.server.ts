/**
 * Staff's coupon campaigns (/crm/coupon-campaigns) and point promotions (/crm/point-promos) over HTTP,
 * staff only: the listing, the new form, one by id (edit, 今すぐ終了, delete). Plain POSTs answered with a
 * 303 (PRG) or, when refused, the form's reply with every field message and the typed values.
 */
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { POINT_PROMO_DEFAULT_COLOR } from "~/core/limits";
import { parseListingQuery } from "~/core/listing";
import {
  CAMPAIGN_LISTING,
  CAMPAIGNS_PATH,
  POINT_PROMOS_PATH,
  campaignLinkPath,
  CampaignFormSchema,
  discountLabel,
  periodDays,
  periodLabel,
  POINT_PROMO_LISTING,
  PointPromoFormSchema,
  PROMOTION_MESSAGES,
  PROMOTION_PARSE,
  promotionState,
} from "~/core/promotion-forms";
import { IdSchema, MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import {
  deletePromotion,
  endPromotion,
  findCampaign,
  findPointPromo,
  listCampaigns,
  listPointPromos,
  saveCampaign,
  savePointPromo,
  type Campaign,
  type PointPromo,
  type PromotionKind,
} from "~/services/promotion-admin.server";
import { requireStaff } from "./auth.server";
import { invariantResponse, readFormData, withNotice } from "./http.server";
import { redirectedNotice } from "./input.server";
import { canonicalListingRedirect } from "./listing.server";
import type { CampaignListRow, PointPromoListRow, PromotionActionData } from "./types/promotions";

const PATHS: Record<PromotionKind, string> = { campaign: CAMPAIGNS_PATH, promo: POINT_PROMOS_PATH };

const NOTICES = {
  created: "作成しました。",
  saved: "保存しました。",
  ended: "終了しました。",
  deleted: "削除しました。",
} as const;

const NO_STORE = { "Cache-Control": "private, no-store" };

const text = (value: number) => String(value);

function campaignValues(campaign: Campaign) {
  return {
    code: campaign.code,
    title: campaign.title,
    type: campaign.type,
    value: text(campaign.value),
    minAmount: text(campaign.minAmount),
    freeShipping: campaign.freeShipping,
    ...periodDays(campaign.startsAt, campaign.endsAt),
  };
}

function pointPromoValues(promo: PointPromo) {
  return {
    title: promo.title,
    color: promo.color || POINT_PROMO_DEFAULT_COLOR,
    link: promo.link,
    minAmount: text(promo.minAmount),
    rate: text(promo.rate),
    ...periodDays(promo.startsAt, promo.endsAt),
  };
}

function listingUrl(request: Request, definition: typeof CAMPAIGN_LISTING) {
  const url = new URL(request.url);
  const query = parseListingQuery(definition, url.searchParams);
  const canonical = canonicalListingRedirect(url, definition, query);
  if (canonical) throw canonical;
  return { url, query };
}

export async function campaignListingPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  const { url, query } = listingUrl(request, CAMPAIGN_LISTING);
  const page = await listCampaigns(context.db, query, new Date());
  const rows: CampaignListRow[] = page.rows.map((row) => ({
    id: row.id,
    code: row.code,
    title: row.title,
    offer: [row.value > 0 ? discountLabel(row.type, row.value) : "", row.freeShipping ? "送料無料" : ""].filter(Boolean).join("・"),
    minAmount: row.minAmount,
    link: `${url.origin}${campaignLinkPath(row.code)}`,
    period: periodLabel(row.startsAt, row.endsAt),
    state: row.state,
  }));
  return data({ page: { ...page, rows }, notice: redirectedNotice(url, NOTICES) }, { headers: NO_STORE });
}

export async function pointPromoListingPage(request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  const { url, query } = listingUrl(request, POINT_PROMO_LISTING);
  const page = await listPointPromos(context.db, query, new Date());
  const rows: PointPromoListRow[] = page.rows.map((row) => ({
    id: row.id,
    title: row.title,
    color: row.color || POINT_PROMO_DEFAULT_COLOR,
    rate: row.rate,
    minAmount: row.minAmount,
    link: row.link,
    period: periodLabel(row.startsAt, row.endsAt),
    state: row.state,
  }));
  return data({ page: { ...page, rows }, notice: redirectedNotice(url, NOTICES) }, { headers: NO_STORE });
}

function idOf(raw: string | undefined): number {
  const id = v.safeParse(IdSchema, raw);
  invariantResponse(id.success, PROMOTION_MESSAGES.notFound, { status: 404 });
  return id.output;
}

export async function campaignEditorPage(request: Request, context: AppLoadContext, rawId: string | undefined) {
  await requireStaff(request, context);
  const campaign = await findCampaign(context.db, idOf(rawId));
  invariantResponse(campaign, PROMOTION_MESSAGES.notFound, { status: 404 });
  return data(
    {
      id: campaign.id,
      values: campaignValues(campaign),
      link: `${new URL(request.url).origin}${campaignLinkPath(campaign.code)}`,
      state: promotionState(campaign, new Date()),
      notice: redirectedNotice(request, NOTICES),
    },
    { headers: NO_STORE },
  );
}

export async function pointPromoEditorPage(request: Request, context: AppLoadContext, rawId: string | undefined) {
  await requireStaff(request, context);
  const promo = await findPointPromo(context.db, idOf(rawId));
  invariantResponse(promo, PROMOTION_MESSAGES.notFound, { status: 404 });
  return data(
    { id: promo.id, values: pointPromoValues(promo), state: promotionState(promo, new Date()), notice: redirectedNotice(request, NOTICES) },
    { headers: NO_STORE },
  );
}

/** Reads and saves a campaign or promo form (id null: a new one); a refusal is the form's reply. */
async function saveForm(kind: PromotionKind, form: FormData, context: AppLoadContext, id: number | null) {
  const submission =
    kind === "campaign"
      ? parseWithValibot(form, { schema: CampaignFormSchema, ...PROMOTION_PARSE })
      : parseWithValibot(form, { schema: PointPromoFormSchema, ...PROMOTION_PARSE });
  if (submission.status !== "success") return data<PromotionActionData>(submission.reply(), { status: 400 });
  const result =
    kind === "campaign"
      ? await saveCampaign(context.db, submission.value as v.InferOutput<typeof CampaignFormSchema>, id)
      : await savePointPromo(context.db, submission.value as v.InferOutput<typeof PointPromoFormSchema>, id);
  if (!result.ok) {
    invariantResponse(!("notFound" in result), PROMOTION_MESSAGES.notFound, { status: 404 });
    return data<PromotionActionData>(submission.reply({ fieldErrors: result.fieldErrors }), { status: 400 });
  }
  throw redirect(withNotice(`${PATHS[kind]}/${result.id}`, id == null ? "created" : "saved"), 303);
}

export async function createPromotionAction(kind: PromotionKind, request: Request, context: AppLoadContext) {
  await requireStaff(request, context);
  return saveForm(kind, await readFormData(request), context, null);
}

const IntentSchema = v.object({ intent: v.optional(v.picklist(["save", "end", "delete"]), "save") });

/** A campaign's or promo's page forms: save, end (今すぐ終了), delete. */
export async function promotionEditorAction(kind: PromotionKind, request: Request, context: AppLoadContext, rawId: string | undefined) {
  await requireStaff(request, context);
  const id = idOf(rawId);
  const form = await readFormData(request);
  const intent = v.safeParse(IntentSchema, { intent: form.get("intent") ?? undefined });
  if (!intent.success) return data<PromotionActionData>({ refusal: MALFORMED_INPUT_MESSAGE }, { status: 400 });
  const path = PATHS[kind];
  switch (intent.output.intent) {
    case "save":
      return saveForm(kind, form, context, id);
    case "end": {
      const result = await endPromotion(context.db, kind, id, new Date());
      if (!result.ok) return data<PromotionActionData>({ refusal: result.error }, { status: result.status });
      throw redirect(withNotice(`${path}/${id}`, "ended"), 303);
    }
    case "delete":
      invariantResponse(await deletePromotion(context.db, kind, id), PROMOTION_MESSAGES.notFound, { status: 404 });
      throw redirect(withNotice(path, "deleted"), 303);
  }
}
