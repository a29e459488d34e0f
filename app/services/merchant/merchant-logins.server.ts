/**
 * A merchant's logins (users with role merchant): staff add one with the person's e-mail and name, and the
 * person gets a single-use link (account token `merchant_invitation`, 7 days) to the new-password page,
 * which sets their first password and signs them in to the portal. Staff disable a login: it can no longer
 * sign in or reset its password, and its sessions and unused links end in the same batch.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { ACCOUNT_TOKEN_LIFETIME_MS } from "~/core/account/account-tokens";
import type { MerchantLoginInput } from "~/core/merchant/merchant-accounts";
import { MERCHANT_PORTAL_PATH } from "~/core/site/site";
import { newPasswordUrl } from "~/core/account/password-reset";
import type { Database } from "~/db/client.server";
import { accountTokens, merchants, users, userSessions } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { merchantInvitationMail } from "~/mail/merchant-mails";
import { accountTokenStatement, issueAccountToken } from "../account/account-tokens.server";
import { INVITED_PASSWORD_HASH, isUniqueViolation } from "./merchant-accounts.server";
import { outboxStatement } from "../mail/mail-outbox.server";

/** The stored password of a disabled login (no hash ever verifies against it). */
const DISABLED_PASSWORD_HASH = "disabled";

export type InvitationOutcome = { ok: true; userId: number; mailKey: string } | { ok: false; reason: "email_taken" | "merchant_not_found" };

/**
 * One batch creates the login (no usable password yet), stores the link's hash and writes the invitation
 * mail. An e-mail any account already has is refused (the UNIQUE index decides a race).
 */
export async function inviteMerchantLogin(
  db: Database,
  merchantId: number,
  input: MerchantLoginInput,
  frame: EmailFrame,
  linkSecret: string,
  now: Date,
): Promise<InvitationOutcome> {
  const [merchant, taken] = await db.batch([
    db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId)),
    db.select({ id: users.id }).from(users).where(eq(users.email, input.email)),
  ]);
  if (!merchant[0]) return { ok: false, reason: "merchant_not_found" };
  if (taken[0]) return { ok: false, reason: "email_taken" };

  const issued = await issueAccountToken(linkSecret);
  const mailKey = `merchant-invitation:${issued.hash}`;
  const newUserId = sql`(select ${users.id} from ${users} where ${users.email} = ${input.email})` as unknown as number;
  const template = merchantInvitationMail({
    name: `${input.lastname} ${input.firstname}`,
    email: input.email,
    merchantName: merchant[0].name,
    link: newPasswordUrl(frame.origin, issued.token),
    portalUrl: `${frame.origin}${MERCHANT_PORTAL_PATH}`,
    expiresAt: new Date(now.getTime() + ACCOUNT_TOKEN_LIFETIME_MS.merchant_invitation),
  });
  try {
    const [created] = await db.batch([
      db
        .insert(users)
        .values({
          email: input.email,
          passwordHash: INVITED_PASSWORD_HASH,
          role: "merchant",
          merchantId,
          lastname: input.lastname,
          firstname: input.firstname,
          // A merchant's staff login is not a shopper: no reading is asked for.
          lastnameJp: "",
          firstnameJp: "",
          createdAt: now,
        })
        .returning({ id: users.id }),
      accountTokenStatement(db, issued, { purpose: "merchant_invitation", userId: newUserId, email: input.email }, now),
      outboxStatement(db, { key: mailKey, kind: "merchant_invitation", to: input.email, userId: newUserId, template, frame, sensitive: true }, now),
    ]);
    return { ok: true, userId: created[0]!.id, mailKey };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "email_taken" };
    throw error;
  }
}

/**
 * Disables one of the merchant's logins: it cannot sign in (no password verifies, and a withdrawn account
 * gets no reset link), every session of it ends and its unused links are spent — one batch. False when the
 * login is not this merchant's or already disabled.
 */
export async function disableMerchantLogin(db: Database, merchantId: number, userId: number, now: Date): Promise<boolean> {
  const theirs = and(eq(users.id, userId), eq(users.merchantId, merchantId), eq(users.role, "merchant"), isNull(users.withdrawnAt));
  const [disabled] = await db.batch([
    db.update(users).set({ withdrawnAt: now, passwordHash: DISABLED_PASSWORD_HASH }).where(theirs).returning({ id: users.id }),
    db
      .delete(userSessions)
      .where(and(eq(userSessions.userId, userId), sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.merchantId} = ${merchantId})`)),
    db
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.userId, userId),
          isNull(accountTokens.usedAt),
          sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.merchantId} = ${merchantId})`,
        ),
      ),
  ]);
  return disabled.length > 0;
}
