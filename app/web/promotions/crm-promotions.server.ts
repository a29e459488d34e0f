/**
 * Staff's coupon campaigns (/crm/coupon-campaigns) and point promotions (/crm/point-promos) over HTTP,
 * staff only: the listing, the new form, one by id (edit, 今すぐ終了, delete). Plain POSTs answered with a
 * 303 (PRG) or, when refused, the form's reply with every field message and the typed values.
 */
import { parseSubmission } from "~/web/form-submission.server";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { POINT_PROMO_DEFAULT_COLOR } from "~/core/limits";
import { type ListingDefinition, type ListingQuery } from "~/core/search/listing";
import { parseListingQuery } from "~/core/search/listing-query";
import {
  campaignLinkPath,
  CampaignFormSchema,
  discountLabel,
  periodDays,
  periodLabel,
  PointPromoFormSchema,
  PROMOTION_MESSAGES,
  PROMOTION_PARSE,
  promotionState,
} from "~/core/promotions/promotion-forms";
import { IdSchema, MALFORMED_INPUT_MESSAGE, RevisionSchema } from "~/core/validation";
import type { Database } from "~/db/client.server";
import type { ListingPage } from "~/services/search/listing.server";
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
} from "~/services/promotions/promotion-admin.server";
import { requireStaff } from "../account/auth.server";
import { invariantResponse, readFormData, withNotice } from "../http.server";
import { redirectedNotice } from "../input.server";
import { canonicalListingRedirect } from "../search/listing.server";
import type { CampaignListRow, PointPromoListRow, PromotionActionData, PromotionListingData } from "../types/promotions";
import {
  CAMPAIGN_LISTING,
  CAMPAIGNS_PATH,
  POINT_PROMOS_PATH,
  POINT_PROMO_LISTING,
  PROMOTION_STATE_LABELS,
  type PromotionSort,
} from "~/core/promotions/promotions";

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

/** What every stored promotion has: its period and the revision its edit form carries. */
interface StoredPromotion {
  id: number;
  revision: number;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** What differs between the two kinds of promotion; their pages (listing, one by id) have one shape. */
interface PromotionWeb<Found extends StoredPromotion, Listed, Row, Shown> {
  kind: PromotionKind;
  listing: ListingDefinition<PromotionSort>;
  list: (db: Database, query: ListingQuery<PromotionSort>, now: Date) => Promise<ListingPage<Listed, PromotionSort>>;
  /** A listed promotion as its row shows it (`origin`: for absolute links). */
  row: (listed: Listed, origin: string) => Row;
  find: (db: Database, id: number) => Promise<Found | null>;
  /** What its page shows besides the state: the form's values, and a link where there is one. */
  shown: (found: Found, origin: string) => Shown;
}

function idOf(raw: string | undefined): number {
  const id = v.safeParse(IdSchema, raw);
  invariantResponse(id.success, PROMOTION_MESSAGES.notFound, { status: 404 });
  return id.output;
}

/**
 * The revision a stored promotion's form was loaded on, or — missing or not a number — a refusal as
 * malformed input. A new one (id null) has none.
 */
export function editOf(form: FormData, id: number | null): { id: number; revision: number } | null | "malformed" {
  if (id == null) return null;
  const revision = v.safeParse(RevisionSchema, form.get("revision"));
  return revision.success ? { id, revision: revision.output } : "malformed";
}

/** A save refused because another staff member saved or ended it first: the page shows what is stored now. */
export function staleReply() {
  return data<PromotionActionData>({ refusal: PROMOTION_MESSAGES.stale }, { status: 409 });
}

/** Reads and saves a campaign or promo form (id null: a new one); a refusal is the form's reply. */
async function saveForm(kind: PromotionKind, form: FormData, context: AppLoadContext, id: number | null) {
  const edit = editOf(form, id);
  if (edit === "malformed") return data<PromotionActionData>({ refusal: MALFORMED_INPUT_MESSAGE }, { status: 400 });
  const submission =
    kind === "campaign"
      ? parseSubmission(form, { schema: CampaignFormSchema, ...PROMOTION_PARSE })
      : parseSubmission(form, { schema: PointPromoFormSchema, ...PROMOTION_PARSE });
  if (submission.status !== "success") return data<PromotionActionData>(submission.reply(), { status: 400 });
  const result =
    kind === "campaign"
      ? await saveCampaign(context.db, submission.value as v.InferOutput<typeof CampaignFormSchema>, edit)
      : await savePointPromo(context.db, submission.value as v.InferOutput<typeof PointPromoFormSchema>, edit);
  if (!result.ok) {
    invariantResponse(!("notFound" in result), PROMOTION_MESSAGES.notFound, { status: 404 });
    if ("stale" in result) return staleReply();
    return data<PromotionActionData>(submission.reply({ fieldErrors: result.fieldErrors }), { status: 400 });
  }
  throw redirect(withNotice(`${PATHS[kind]}/${result.id}`, id == null ? "created" : "saved"), 303);
}

const IntentSchema = v.object({ intent: v.optional(v.picklist(["save", "end", "delete"]), "save") });

/** A campaign's or promo's page forms: save, end (今すぐ終了), delete. */
async function promotionEditorAction(kind: PromotionKind, request: Request, context: AppLoadContext, rawId: string | undefined) {
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

/** The loaders and actions of one kind's routes (…/, …/new, …/{id}), staff only. */
function promotionPages<Found extends StoredPromotion, Listed, Row, Shown>(web: PromotionWeb<Found, Listed, Row, Shown>) {
  return {
    async listing(request: Request, context: AppLoadContext) {
      await requireStaff(request, context);
      const url = new URL(request.url);
      const query = parseListingQuery(web.listing, url.searchParams);
      const canonical = canonicalListingRedirect(url, web.listing, query);
      if (canonical) throw canonical;
      const page = await web.list(context.db, query, new Date());
      const rows = page.rows.map((row) => web.row(row, url.origin));
      return data<PromotionListingData<Row>>(
        { definition: web.listing, page: { ...page, rows }, notice: redirectedNotice(url, NOTICES) },
        { headers: NO_STORE },
      );
    },
    async newPage(request: Request, context: AppLoadContext) {
      await requireStaff(request, context);
      return null;
    },
    async create(request: Request, context: AppLoadContext) {
      await requireStaff(request, context);
      return saveForm(web.kind, await readFormData(request), context, null);
    },
    async editor(request: Request, context: AppLoadContext, rawId: string | undefined) {
      await requireStaff(request, context);
      const found = await web.find(context.db, idOf(rawId));
      invariantResponse(found, PROMOTION_MESSAGES.notFound, { status: 404 });
      return data(
        {
          id: found.id,
          revision: found.revision,
          ...web.shown(found, new URL(request.url).origin),
          state: promotionState(found, new Date()),
          notice: redirectedNotice(request, NOTICES),
        },
        { headers: NO_STORE },
      );
    },
    edit(request: Request, context: AppLoadContext, rawId: string | undefined) {
      return promotionEditorAction(web.kind, request, context, rawId);
    },
  };
}

export const CAMPAIGN_PAGES = promotionPages({
  kind: "campaign",
  listing: CAMPAIGN_LISTING,
  list: listCampaigns,
  row: (row, origin): CampaignListRow => ({
    id: row.id,
    code: row.code,
    title: row.title,
    offer: [row.value > 0 ? discountLabel(row.type, row.value) : "", row.freeShipping ? "送料無料" : ""].filter(Boolean).join("・"),
    minAmount: row.minAmount,
    link: `${origin}${campaignLinkPath(row.code)}`,
    period: periodLabel(row.startsAt, row.endsAt),
    state: row.state,
    stateLabel: PROMOTION_STATE_LABELS[row.state],
  }),
  find: findCampaign,
  shown: (campaign, origin) => ({ values: campaignValues(campaign), link: `${origin}${campaignLinkPath(campaign.code)}` }),
});

export const POINT_PROMO_PAGES = promotionPages({
  kind: "promo",
  listing: POINT_PROMO_LISTING,
  list: listPointPromos,
  row: (row): PointPromoListRow => ({
    id: row.id,
    title: row.title,
    color: row.color || POINT_PROMO_DEFAULT_COLOR,
    rate: row.rate,
    minAmount: row.minAmount,
    link: row.link,
    period: periodLabel(row.startsAt, row.endsAt),
    state: row.state,
    stateLabel: PROMOTION_STATE_LABELS[row.state],
  }),
  find: findPointPromo,
  shown: (promo) => ({ values: pointPromoValues(promo) }),
});
