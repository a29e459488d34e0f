/**
 * GET or POST /api/user/points: the member's point balance and ledger as the generic listing's JSON
 * (spec §7). Parameters: query[page|orderby (date_created, amount)|ordersens], inputs[date_created][from|to]
 * (BETWEEN), inputs[kind] ("=": earned, used, expired, refunded, adjusted). Answer: { balance (usable), pending
 * (付与予定: earned by orders not paid for yet, not spendable), query, inputs,
 * operators, data: [{ id, kind, kind_label, amount, note, order_id, order_number, expires_at, date_created }],
 * detail }. Ledger rows cannot be removed (POST with `id` is 403). A guest gets 401.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseListingQuery } from "~/core/search/listing-query";
import { POINT_LISTING } from "~/core/member/member-point-listing";
import { invariantJson, readApiFormData, requireApiUser, requirePost } from "~/web/http.server";
import { loadPoints, pointsListingJson } from "~/services/member/member-points.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context, "/user/points");
  const { balance, pending, page } = await loadPoints(context.db, user.id, parseListingQuery(POINT_LISTING, new URL(request.url).searchParams));
  return Response.json(pointsListingJson(balance, pending, page), { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, "GET, POST");
  const user = await requireApiUser(request, context, "/user/points");
  const form = await readApiFormData(request);
  invariantJson(!form.has("id"), "ポイント履歴は削除できません。", { status: 403 });
  const { balance, pending, page } = await loadPoints(context.db, user.id, parseListingQuery(POINT_LISTING, form));
  return Response.json(pointsListingJson(balance, pending, page), { headers: NO_STORE });
}
