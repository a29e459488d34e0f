/**
 * Login with remix-auth's form strategy, the member session, and the route guards
 * requireUser / requireStaff / requireMerchant. The authenticator is built per request from the load context.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { AppSession } from "~/web/account/session.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseSubmission } from "~/web/form-submission.server";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { LoginSchema } from "~/core/account/account-forms";
import { loginLandingPath } from "~/core/merchant/merchant-portal";
import type { OrderActor } from "~/core/orders/order-events";
import { merchantScope, STAFF_SCOPE, type CatalogueActor, type CatalogueScope } from "~/core/catalogue/catalogue-scope";
import { safeRedirectPath } from "~/core/site/safe-redirect";
import { OWNER_ONLY_MESSAGE } from "~/core/account/sessions";
import { changePassword, verifyLogin, type PasswordChangeResult } from "~/services/account/accounts.server";
import { mergeGuestCart } from "~/services/cart/cart-merge.server";
import { endSession, findSessionUser, startSession, type SessionUser } from "~/services/account/sessions.server";

type Context = Pick<AppLoadContext, "db" | "sessionStorage">;

export type LoginAttempt = { ok: true; user: SessionUser; redirectTo: string } | { ok: false; reply: SubmissionResult<string[]> };

/** The client's address as Cloudflare reports it (absent only in local runs). */
export function clientIp(request: Request): string | null {
  return request.headers.get("CF-Connecting-IP");
}

export function createAuthenticator(context: Context, now: Date = new Date()): Authenticator<LoginAttempt> {
  const authenticator = new Authenticator<LoginAttempt>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const submission = parseSubmission(form, { schema: LoginSchema });
      if (submission.status !== "success") return { ok: false, reply: submission.reply({ hideFields: ["password"] }) };
      const result = await verifyLogin(context.db, submission.value, clientIp(request), now);
      if (!result.ok) {
        return { ok: false, reply: submission.reply({ formErrors: [result.error], hideFields: ["password"] }) };
      }
      return { ok: true, user: result.user, redirectTo: loginLandingPath(result.user.role, safeRedirectPath(submission.value.redirectTo)) };
    }),
    "form",
  );
  return authenticator;
}

/**
 * The visitor's session. `userId` is set only while the server-side session behind the cookie is valid
 * (not logged out, revoked or idle too long): checked in D1 once per request, with the header's counts.
 */
export async function getSession(request: Request, context: Context) {
  return context.sessionStorage.getSession(request.headers.get("Cookie"));
}

export async function getUserId(request: Request, context: Context): Promise<number | undefined> {
  return (await getSession(request, context)).get("userId");
}

export async function getOptionalUser(request: Request, context: Context): Promise<SessionUser | undefined> {
  const signedIn = await context.sessionStorage.signedIn(await getSession(request, context));
  return signedIn?.user;
}

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const params = new URLSearchParams({ show: "1", redirectTo: `${url.pathname}${url.search}` });
  return `/login?${params}`;
}

/** The signed-in member, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request, context: Context): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
  if (!user) throw redirect(loginUrl(request));
  return user;
}

export const STAFF_ONLY_MESSAGE = "このページはカスタマーサービス担当者専用です。";

/** Staff routes (/crm): members without the staff role get 403. */
export async function requireStaff(request: Request, context: Context): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (user.role !== "staff") {
    throw new Response(STAFF_ONLY_MESSAGE, { status: 403 });
  }
  return user;
}

export { OWNER_ONLY_MESSAGE };

/** Owner-only routes and actions (/crm/settings …): staff who are not the owner get 403. */
export async function requireOwner(request: Request, context: Context): Promise<SessionUser> {
  const user = await requireStaff(request, context);
  if (!user.isOwner) throw new Response(OWNER_ONLY_MESSAGE, { status: 403 });
  return user;
}

/** A merchant's login and its merchant. */
export interface MerchantUser extends SessionUser {
  role: "merchant";
  merchantId: number;
}

/** Merchant routes (/merchant): any other account gets 403; a merchant sees only its own shipments. */
export async function requireMerchant(request: Request, context: Context): Promise<MerchantUser> {
  const user = await requireUser(request, context);
  if (user.role !== "merchant" || user.merchantId == null) {
    throw new Response("このページは出品者専用です。", { status: 403 });
  }
  return { ...user, role: "merchant", merchantId: user.merchantId };
}

/** Who acts on an order, as its history records them. */
export function orderActorOf(user: SessionUser): OrderActor {
  const kind = user.role === "staff" ? "staff" : user.role === "merchant" ? "merchant" : "customer";
  return { kind, userId: user.id, name: `${user.lastname} ${user.firstname}` };
}

/** Who edits the catalogue and what they may touch: staff everything, a merchant its own products. */
export interface CatalogueEditor {
  user: SessionUser;
  scope: CatalogueScope;
  actor: CatalogueActor;
}

/** /crm/products … (staff, every product). */
export async function requireStaffCatalogueEditor(request: Request, context: Context): Promise<CatalogueEditor> {
  const user = await requireStaff(request, context);
  return { user, scope: STAFF_SCOPE, actor: catalogueActorOf(user) };
}

/** /merchant/products … (a merchant, its own products only). */
export async function requireMerchantCatalogueEditor(request: Request, context: Context): Promise<CatalogueEditor> {
  const user = await requireMerchant(request, context);
  return { user, scope: merchantScope(user.merchantId), actor: catalogueActorOf(user) };
}

function catalogueActorOf(user: SessionUser): CatalogueActor {
  return { userId: user.id, name: `${user.lastname} ${user.firstname}` };
}

/** Starts the member session (signInSession) and redirects (PRG). A guest cart joins the member's cart. */
export async function createUserSession(request: Request, context: Context, userId: number, redirectTo: string): Promise<Response> {
  const session = await getSession(request, context);
  const guestCartId = session.get("cartId");
  if (guestCartId) {
    await mergeGuestCart(context.db, guestCartId, userId);
    session.unset("cartId");
  }
  await signInSession(session, context, userId);
  return redirect(safeRedirectPath(redirectTo), {
    headers: { "Set-Cookie": await context.sessionStorage.commitSession(session) },
  });
}

/**
 * Signs the user in on this session: a fresh server-side session (any earlier one in this cookie ends,
 * so a planted cookie gains nothing). The caller commits the session with its response.
 */
export async function signInSession(session: AppSession, context: Context, userId: number): Promise<void> {
  const previousToken = session.get("sessionToken");
  if (previousToken) await endSession(context.db, previousToken);
  const started = await startSession(context.db, userId, new Date());
  session.set("sessionToken", started.token);
  session.set("signedInAs", started.user);
  session.set("userId", userId);
}

/**
 * The redirect's headers after the signed-in member changed what pages read of them (name, e-mail): the
 * session cookie records them as they are now, so their next page passes its check at once (decision 0069).
 */
export async function refreshedSessionHeaders(request: Request, context: Context): Promise<{ headers?: HeadersInit }> {
  const session = await getSession(request, context);
  const userId = session.get("userId");
  const user = userId == null ? null : await findSessionUser(context.db, userId);
  if (!user) return {};
  session.set("signedInAs", user);
  return { headers: { "Set-Cookie": await context.sessionStorage.commitSession(session) } };
}

/** Ends the server-side session (a copy of the cookie opens nothing afterwards) and clears the cookie. */
export async function logout(request: Request, context: Context): Promise<Response> {
  const session = await getSession(request, context);
  const token = session.get("sessionToken");
  if (token) await endSession(context.db, token);
  return redirect("/", { headers: { "Set-Cookie": await context.sessionStorage.destroySession(session) } });
}

/** The signed-in member changes their password: their other sessions end, this one stays. */
export async function changeOwnPassword(
  request: Request,
  context: Context,
  passwords: { currentPassword: string; newPassword: string },
): Promise<PasswordChangeResult> {
  const session = await getSession(request, context);
  const userId = session.get("userId");
  if (userId == null) throw redirect(loginUrl(request));
  return changePassword(context.db, userId, passwords, session.get("sessionToken") ?? null, new Date());
}
