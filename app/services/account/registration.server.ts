/**
 * Registration that tells nobody which addresses have an account (app/core/account/registration.ts). The attempt is
 * counted per network and per address first; the password is hashed whatever the address (the answer takes
 * as long either way); then a new address gets its account and welcome mail (registerUser), and an address
 * that already has an account gets a mail to its owner instead. The caller answers both alike.
 */
import { eq } from "drizzle-orm";
import type { RegisterInput } from "~/core/account/account-forms";
import { registrationAttemptMailKey, registrationThrottleSteps } from "~/core/account/registration";
import { hashPassword } from "~/auth/password.server";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { countAttempt } from "~/db/throttle.server";
import type { EmailFrame } from "~/mail/email-layout";
import { registrationAttemptMail } from "~/mail/welcome-mails";
import { registerUser } from "./accounts.server";
import { outboxStatement } from "../mail/mail-outbox.server";

/** The account an address belongs to, as the owner's mail greets them. */
export interface AddressOwner {
  id: number;
  email: string;
  name: string;
}

export async function findAddressOwner(db: Database, email: string): Promise<AddressOwner | null> {
  const row = await db
    .select({ id: users.id, email: users.email, lastname: users.lastname, firstname: users.firstname })
    .from(users)
    .where(eq(users.email, email))
    .get();
  return row ? { id: row.id, email: row.email, name: `${row.lastname} ${row.firstname}` } : null;
}

/** The mail telling an address's owner that someone asked to register it; `key` to dispatch once written. */
export function registrationAttemptStatement(db: Database, owner: AddressOwner, during: "register" | "checkout", frame: EmailFrame, now: Date) {
  const key = registrationAttemptMailKey(owner.email, now);
  const template = registrationAttemptMail({ name: owner.name, during, origin: frame.origin });
  return { key, statement: outboxStatement(db, { key, kind: "registration_attempt", to: owner.email, userId: owner.id, template, frame }, now) };
}

/** `mailKeys`: the welcome mail, or the owner's mail; `retryAt` when the throttle refused (nothing was looked up). */
export type RegistrationOutcome = { ok: true; mailKeys: string[] } | { ok: false; retryAt: number };

export async function requestRegistration(
  db: Database,
  input: RegisterInput,
  request: { ip: string | null; frame: EmailFrame },
  now: Date = new Date(),
): Promise<RegistrationOutcome> {
  const verdict = await countAttempt(db, registrationThrottleSteps(input.email, request.ip), now);
  if (!verdict.allowed) return { ok: false, retryAt: verdict.retryAt };
  let owner = await findAddressOwner(db, input.email);
  if (!owner) {
    const created = await registerUser(db, input, request.frame, now);
    if (created.ok) return { ok: true, mailKeys: created.mailKeys };
    // Registered meanwhile (two submits at once): the owner is told, as for an address that had an account.
    owner = await findAddressOwner(db, input.email);
    if (!owner) throw new Error("registration refused for an address no account has");
  } else {
    // The same work as a new account's, so the answer takes as long.
    await hashPassword(input.password);
  }
  const attempt = registrationAttemptStatement(db, owner, "register", request.frame, now);
  await attempt.statement;
  return { ok: true, mailKeys: [attempt.key] };
}
