/**
 * The HTTP side of claiming guest orders: the request from /user/orders (mail on the queue once its batch
 * committed, back with a notice), and the mailed link's page (what it would add, then a POST that adds it).
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { ORDER_CLAIM_MESSAGES, ORDER_CLAIM_NOTICES } from "~/core/orders/order-claim";
import { claimGuestOrders, inspectOrderClaim, requestOrderClaim } from "~/services/orders/order-claim.server";
import { requireUser } from "../account/auth.server";
import { redirectWithNotice } from "../http.server";
import { parseInput, redirectedNotice } from "../input.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";

const ORDERS_PATH = "/user/orders";

/** Notices /user/orders shows after a claim (`?notice=…`): the refusals are told there too. */
const REFUSAL_NOTICES = { claim_none: ORDER_CLAIM_MESSAGES.nothingToClaim, claim_locked: ORDER_CLAIM_MESSAGES.locked } as const;
const ORDER_HISTORY_NOTICES = { ...ORDER_CLAIM_NOTICES, ...REFUSAL_NOTICES } as const;

type OrderHistoryNotice = keyof typeof ORDER_HISTORY_NOTICES;

/** The order history's notice after a redirect, and whether it tells a refusal. */
export function orderHistoryNotice(request: Request): { text: string; tone: "success" | "error" } | null {
  const text = redirectedNotice(request, ORDER_HISTORY_NOTICES);
  if (!text) return null;
  return { text, tone: Object.values<string>(REFUSAL_NOTICES).includes(text) ? "error" : "success" };
}

/** A token is what the mail's link carries (base64url); anything else is "not a link of ours". */
const TokenSchema = v.object({ token: v.fallback(v.pipe(v.string(), v.regex(/^[\w-]{20,100}$/)), "") });

function tokenParam(params: Record<string, string | undefined>): string {
  return parseInput(TokenSchema, new URLSearchParams({ token: params.token ?? "" })).token;
}

export async function orderClaimRequestAction(request: Request, context: AppLoadContext): Promise<never> {
  const user = await requireUser(request, context);
  const result = await requestOrderClaim(context.db, user.id, await mailFrame(request, context), context.cloudflare.env.SESSION_SECRET, new Date());
  if (result.ok) {
    dispatchMail(context, [result.mailKey]);
    throw redirectWithNotice(ORDERS_PATH, "claim_sent" satisfies OrderHistoryNotice);
  }
  throw redirectWithNotice(ORDERS_PATH, (result.refusal === "locked" ? "claim_locked" : "claim_none") satisfies OrderHistoryNotice);
}

/** GET of the request URL itself (a reload after the post): back to the order history. */
export function orderClaimRequestLoader(): never {
  throw redirect(ORDERS_PATH);
}

export async function orderClaimLinkLoader(request: Request, context: AppLoadContext, params: Record<string, string | undefined>) {
  const user = await requireUser(request, context);
  const inspection = await inspectOrderClaim(context.db, user.id, tokenParam(params), new Date());
  return data({ inspection }, { status: inspection.ok ? 200 : 400, headers: { "Cache-Control": "private, no-store" } });
}

export async function orderClaimLinkAction(request: Request, context: AppLoadContext, params: Record<string, string | undefined>) {
  const user = await requireUser(request, context);
  const result = await claimGuestOrders(context.db, user.id, tokenParam(params), new Date());
  if (result.ok) throw redirectWithNotice(ORDERS_PATH, "claimed" satisfies OrderHistoryNotice);
  return data({ error: result.error }, { status: 400 });
}
