/**
 * One subscription (spec §9): next payment and shipping dates, quantity, amount and breakdown, and — from
 * the delivery after cancel_date — skipping the next delivery or cancelling. Each asks for confirmation
 * first (?confirm=skip|cancel, a link, so it works without JS); the confirmed POST changes it, writes a
 * notification mail and redirects back (PRG).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as v from "valibot";
import { requireUser } from "~/web/account/auth.server";
import { SubscriptionPage } from "~/components/member/SubscriptionPage";
import { absentAsNull, IsoDateSchema } from "~/core/validation";
import { invariantResponse, readFormData, redirectWithNotice } from "~/web/http.server";
import { idParam, parseQuery, readInput, redirectedNotice } from "~/web/input.server";
import type { SubscriptionActionData } from "~/web/types/subscriptions";
import { changeSubscription, loadSubscription, SUBSCRIPTION_NOT_FOUND_MESSAGE } from "~/services/member/subscriptions.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: `定期便：${loaded?.subscription.title ?? ""} | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

const NOTICES = {
  skipped: "次回のお届けをスキップしました。確認のお知らせをお送りしました。",
  cancelled: "定期便を解約しました。確認のお知らせをお送りしました。",
} as const;

/** ?confirm=skip|cancel: the step that asks before the change. */
const ConfirmQuerySchema = v.object({ confirm: v.fallback(v.nullable(v.picklist(["skip", "cancel"])), null) });

/** The confirmed change; `delivery` is the delivery the page showed, so a stale page changes nothing. */
const SubscriptionChangeSchema = v.object({
  intent: v.picklist(["skip", "cancel"]),
  delivery: absentAsNull(IsoDateSchema),
});

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const subscription = await loadSubscription(context.db, user.id, idParam(params.id, "定期便ID"), new Date());
  invariantResponse(subscription, SUBSCRIPTION_NOT_FOUND_MESSAGE, { status: 404 });
  const asked = parseQuery(request, ConfirmQuerySchema).confirm;
  const confirm = subscription.changeAllowed ? asked : null;
  const notice = redirectedNotice(request, NOTICES);
  return data({ subscription, confirm, notice }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const id = idParam(params.id, "定期便ID");
  const read = readInput(SubscriptionChangeSchema, await readFormData(request));
  if (!read.ok) return data<SubscriptionActionData>({ ok: false, error: read.error }, { status: 400 });
  const { intent, delivery } = read.input;
  const result = await changeSubscription(context.db, user.id, id, intent, { delivery, now: new Date() });
  if (!result.ok) {
    invariantResponse(result.status !== 404, SUBSCRIPTION_NOT_FOUND_MESSAGE, { status: 404 });
    return data<SubscriptionActionData>({ ok: false, error: result.error }, { status: result.status });
  }
  // PRG for a plain form post and for Remix's <Form> alike (it follows the redirect and revalidates the header).
  throw redirectWithNotice(`/user/subscriptions/${id}`, intent === "skip" ? "skipped" : "cancelled");
}

export default function SubscriptionRoute() {
  return <SubscriptionPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>() ?? null} />;
}
