/**
 * Staff's changes to a member's record (decision 0056), each ONE D1 batch that also writes its
 * customer_changes row (who, what, before → after, why), so the audit log never misses or invents one:
 * - a points adjustment: the balance moves by SQL (`points + amount`, never below zero: a guard, the
 *   UPDATE's own condition and the users_points_nonnegative CHECK), a point_ledger line `adjusted` with the
 *   reason as its note (the member reads it), and the log's before → after read from the balance in the
 *   same transaction — so adjustments sent at once each apply once, on the balance the one before left;
 * - a suspension (owner only): suspended_at and the reason set, every session of the member deleted;
 *   resumption clears them;
 * - an address correction: the address book's own change (its version guard), recorded.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { OWNER_ONLY_MESSAGE } from "~/core/account/sessions";
import type { AddressInput } from "~/core/address/address-form";
import { addressColumns } from "~/core/address/address-records";
import { signedAdjustment, type PointAdjustmentInput } from "~/core/customers/customer-forms";
import {
  addressLabel,
  addressText,
  CUSTOMER_MESSAGES,
  CUSTOMER_STATUS_LABELS,
  pointAdjustmentRefusal,
  pointsChangeSummary,
  type CustomerChangeKind,
} from "~/core/customers/customer-records";
import { staffName } from "~/core/tickets/ticket-owners";
import type { Database } from "~/db/client.server";
import { customerChanges, pointLedger, userSessions, users } from "~/db/schema";
import type { SessionUser } from "../account/sessions.server";
import { changeAddressBook } from "../address/addresses.server";
import { guard, isGuardFailure } from "../orders/order-guards.server";
import { currentSettingsQuery, settingsFromRows } from "../settings/shop-settings.server";

type Statement = BatchItem<"sqlite">;

export type CustomerChangeRefusal = { ok: false; status: 403 | 404 | 409; error: string };

const refuse = (status: CustomerChangeRefusal["status"], error: string): CustomerChangeRefusal => ({ ok: false, status, error });

/** Staff's changes apply to members (role customer) who have not left. */
const isMember = (customerId: number) => and(eq(users.id, customerId), eq(users.role, "customer"));

function memberStateQuery(db: Database, customerId: number) {
  return db.select({ points: users.points, suspendedAt: users.suspendedAt, withdrawnAt: users.withdrawnAt }).from(users).where(isMember(customerId));
}

type MemberState = Awaited<ReturnType<typeof memberStateQuery>>[number];

/** Why a member's record cannot be changed at all: not a member (404), or one who left (409). */
function stateRefusal(member: MemberState | undefined): CustomerChangeRefusal | null {
  if (!member) return refuse(404, CUSTOMER_MESSAGES.notFound);
  if (member.withdrawnAt) return refuse(409, CUSTOMER_MESSAGES.withdrawn);
  return null;
}

interface ChangeRecord {
  customerId: number;
  staff: SessionUser;
  kind: CustomerChangeKind;
  summary: string;
  before: string;
  after: string;
  reason: string;
  now: Date;
}

function changeRow(db: Database, record: ChangeRecord) {
  const { staff, now, ...change } = record;
  return db.insert(customerChanges).values({ ...change, staffId: staff.id, staffName: staffName(staff), createdAt: now });
}

export type PointAdjustmentOutcome = { ok: true; amount: number; balance: number } | CustomerChangeRefusal;

/**
 * Adds or takes points with a reason. Plain staff may move at most the owner's `pointAdjustLimit` at once
 * (the owner any amount); nobody takes more than the balance. The batch adds no expiry to the points given
 * and spends no particular lot when taking (decision 0056: as the shop's other grants and uses).
 */
export async function adjustCustomerPoints(
  db: Database,
  staff: SessionUser,
  customerId: number,
  input: PointAdjustmentInput,
  now: Date,
): Promise<PointAdjustmentOutcome> {
  const amount = signedAdjustment(input);
  const [[member], settings] = await db.batch([memberStateQuery(db, customerId), currentSettingsQuery(db)]);
  const unchangeable = stateRefusal(member);
  if (unchangeable || !member) return unchangeable ?? refuse(404, CUSTOMER_MESSAGES.notFound);
  const limit = settingsFromRows(settings).pointAdjustLimit;
  const refusal = pointAdjustmentRefusal({ amount, balance: member.points, limit, isOwner: staff.isOwner });
  if (refusal) return refuse(refusal.kind === "over_limit" ? 403 : 409, refusal.message);

  const afterChange = sql`${users.points} + ${amount} >= 0`;
  const summary = pointsChangeSummary(amount);
  try {
    const results = await db.batch([
      guard(db, sql`exists (select 1 from ${users} where ${isMember(customerId)} and ${users.withdrawnAt} is null and ${afterChange})`),
      db
        .update(users)
        .set({ points: sql`${users.points} + ${amount}` })
        .where(and(isMember(customerId), afterChange)),
      db.insert(pointLedger).values({ userId: customerId, kind: "adjusted", amount, note: input.reason, expiresAt: null, createdAt: now }),
      // Before → after from the balance this very batch left (printf's "," groups thousands as pointsText does).
      db.insert(customerChanges).select(
        db
          .select({
            id: sql<number>`null`.as("id"),
            customerId: users.id,
            staffId: sql<number>`${staff.id}`.as("staff_id"),
            staffName: sql<string>`${staffName(staff)}`.as("staff_name"),
            kind: sql<"points">`'points'`.as("kind"),
            summary: sql<string>`${summary}`.as("summary"),
            before: sql<string>`printf('%,dpt', ${users.points} - ${amount})`.as("before"),
            after: sql<string>`printf('%,dpt', ${users.points})`.as("after"),
            reason: sql<string>`${input.reason}`.as("reason"),
            createdAt: sql<number>`${now.getTime()}`.as("created_at"),
          })
          .from(users)
          .where(eq(users.id, customerId)),
      ),
      db.select({ points: users.points }).from(users).where(eq(users.id, customerId)),
    ]);
    const balance = (results.at(-1) as { points: number }[])[0]?.points ?? 0;
    return { ok: true, amount, balance };
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
  }
  // The balance moved meanwhile (another adjustment, an order): judged again on what it is now.
  const [current] = await memberStateQuery(db, customerId);
  return stateRefusal(current) ?? refuse(409, CUSTOMER_MESSAGES.belowZero(current?.points ?? 0));
}

export type SuspensionOutcome = { ok: true } | CustomerChangeRefusal;

/**
 * Suspends (`suspend: true`) or resumes a member, with the reason, as the owner. A suspension ends every
 * session of the member in the same batch; sign-in, sessions and ordering refuse a suspended account
 * (accounts.server.ts, sessions.server.ts, the order batch's guard).
 */
export async function setCustomerSuspension(
  db: Database,
  owner: SessionUser,
  customerId: number,
  change: { suspend: boolean; reason: string },
  now: Date,
): Promise<SuspensionOutcome> {
  if (!owner.isOwner) return refuse(403, OWNER_ONLY_MESSAGE);
  const [member] = await memberStateQuery(db, customerId);
  const unchangeable = stateRefusal(member);
  if (unchangeable) return unchangeable;
  const stateRefused = () => refuse(409, change.suspend ? CUSTOMER_MESSAGES.alreadySuspended : CUSTOMER_MESSAGES.notSuspended);
  if ((member?.suspendedAt != null) === change.suspend) return stateRefused();

  const from = change.suspend ? sql`${users.suspendedAt} is null` : sql`${users.suspendedAt} is not null`;
  const [before, after] = change.suspend ? (["active", "suspended"] as const) : (["suspended", "active"] as const);
  const statements: [Statement, ...Statement[]] = [
    guard(db, sql`exists (select 1 from ${users} where ${isMember(customerId)} and ${isNull(users.withdrawnAt)} and ${from})`),
    db
      .update(users)
      .set(change.suspend ? { suspendedAt: now, suspensionReason: change.reason } : { suspendedAt: null, suspensionReason: "" })
      .where(and(isMember(customerId), from)),
    ...(change.suspend ? [db.delete(userSessions).where(eq(userSessions.userId, customerId))] : []),
    changeRow(db, {
      customerId,
      staff: owner,
      kind: change.suspend ? "suspend" : "resume",
      summary: change.suspend ? "アカウントを停止" : "アカウントを再開",
      before: CUSTOMER_STATUS_LABELS[before],
      after: CUSTOMER_STATUS_LABELS[after],
      reason: change.reason,
      now,
    }),
  ];
  try {
    await db.batch(statements);
    return { ok: true };
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
  }
  const [current] = await memberStateQuery(db, customerId);
  return stateRefusal(current) ?? stateRefused();
}

export type AddressCorrectionOutcome = { ok: true; recorded: boolean } | CustomerChangeRefusal;

/**
 * Staff correct one of the member's addresses over the version their page showed (the address book's own
 * change and guard, app/services/address/addresses.server.ts), the correction recorded in the same batch.
 * A save that changes nothing writes no log line.
 */
export async function correctCustomerAddress(
  db: Database,
  staff: SessionUser,
  target: { customerId: number; addressId: number; version: string },
  address: AddressInput,
  now: Date,
): Promise<AddressCorrectionOutcome> {
  const { customerId, addressId, version } = target;
  const [member] = await memberStateQuery(db, customerId);
  const unchangeable = stateRefusal(member);
  if (unchangeable) return unchangeable;
  let recorded = false;
  const result = await changeAddressBook(db, customerId, { intent: "edit", id: addressId, version, address }, (book) => {
    const shown = book.find((entry) => entry.id === addressId);
    if (!shown) return [];
    const before = addressText({ ...addressColumns(shown), title: shown.title ?? "" });
    const after = addressText({ ...addressColumns(address), title: address.title ?? "" });
    // Unticking the default changes nothing (the book keeps one default); ticking another one moves it.
    const becomesDefault = address.default && !shown.default;
    recorded = before !== after || becomesDefault;
    if (!recorded) return [];
    const defaultNote = becomesDefault ? "（いつものお届け先に設定）" : "";
    return [
      changeRow(db, {
        customerId,
        staff,
        kind: "address",
        summary: `お届け先「${addressLabel(shown)}」を修正${defaultNote}`,
        before,
        after,
        reason: "",
        now,
      }),
    ];
  });
  if (!result.ok) return refuse(result.status, result.error);
  return { ok: true, recorded };
}
