/**
 * One member's record for staff (/crm/customers/{id}), in ONE D1 round trip: the profile and account state,
 * the sessions that are signed in, the addresses, the newest orders, tickets and returns, the points
 * (balance, 付与予定, the newest ledger lines), every change staff made (the audit log) and the points
 * limit of the shop settings in force. Only members (role customer) have a record.
 */
import { and, count, desc, eq, gt, max } from "drizzle-orm";
import type { AddressJson } from "~/core/address/address-form";
import { addressJson } from "~/core/address/address-records";
import { SESSION_IDLE_MS } from "~/core/account/sessions";
import { customerStatus, type CustomerChangeKind, type CustomerStatus } from "~/core/customers/customer-records";
import type { PointKind } from "~/core/member/point-ledger";
import type { Database } from "~/db/client.server";
import { customerChanges, orders, pointLedger, tickets, users, userSessions } from "~/db/schema";
import { bookRows } from "../address/addresses.server";
import { pendingPointsOf } from "../member/member-points.server";
import { currentSettingsQuery, settingsFromRows } from "../settings/shop-settings.server";
import {
  memberOrders,
  orderList,
  ordersQueries,
  returnList,
  returnsQueries,
  ticketList,
  ticketsQueries,
  type CustomerOrder,
  type CustomerReturn,
  type CustomerTicket,
} from "./customer-activity.server";

/** How many ledger lines the record shows (the newest); the member's own page has them all. */
export const LEDGER_LINES_SHOWN = 50;

export interface CustomerProfile {
  id: number;
  name: string;
  kana: string;
  nickname: string;
  email: string;
  phone: string;
  registeredAt: string;
  newsletter: boolean;
  status: CustomerStatus;
  suspendedAt: string | null;
  suspensionReason: string;
}

export interface CustomerLogin {
  /** Sessions signed in now (not ended, not idle past the limit). */
  activeSessions: number;
  /** When the newest of them signed in, and when any was last used (null: none). */
  lastSignInAt: string | null;
  lastSeenAt: string | null;
}

export interface CustomerLedgerLine {
  id: number;
  kind: PointKind;
  amount: number;
  note: string;
  orderId: number | null;
  orderNumber: string | null;
  createdAt: string;
}

export interface CustomerChangeLine {
  id: number;
  kind: CustomerChangeKind;
  staffName: string;
  summary: string;
  before: string;
  after: string;
  reason: string;
  createdAt: string;
}

export interface CustomerRecord {
  profile: CustomerProfile;
  login: CustomerLogin;
  addresses: AddressJson[];
  orders: { rows: CustomerOrder[]; total: number; placed: number; bought: number };
  tickets: { rows: CustomerTicket[]; total: number };
  returns: { rows: CustomerReturn[]; total: number };
  points: { balance: number; pending: number; ledger: CustomerLedgerLine[]; ledgerTotal: number };
  changes: CustomerChangeLine[];
  /** Points plain staff may adjust at once (shop settings). */
  pointAdjustLimit: number;
}

function profileQuery(db: Database, customerId: number) {
  return db
    .select({
      id: users.id,
      lastname: users.lastname,
      firstname: users.firstname,
      lastnameJp: users.lastnameJp,
      firstnameJp: users.firstnameJp,
      nickname: users.nickname,
      email: users.email,
      phone: users.phone,
      points: users.points,
      pending: pendingPointsOf(users.id),
      newsletter: users.newsletter,
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
      suspensionReason: users.suspensionReason,
      withdrawnAt: users.withdrawnAt,
    })
    .from(users)
    .where(and(eq(users.id, customerId), eq(users.role, "customer")));
}

/** The member's sessions still open at `now` (a customer's idle limit). */
function loginQuery(db: Database, customerId: number, now: Date) {
  return db
    .select({ active: count(), lastSignInAt: max(userSessions.createdAt), lastSeenAt: max(userSessions.lastSeenAt) })
    .from(userSessions)
    .where(and(eq(userSessions.userId, customerId), gt(userSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS.customer))));
}

function ledgerQuery(db: Database, customerId: number) {
  return db
    .select({
      id: pointLedger.id,
      kind: pointLedger.kind,
      amount: pointLedger.amount,
      note: pointLedger.note,
      orderId: pointLedger.orderId,
      orderNumber: orders.number,
      createdAt: pointLedger.createdAt,
    })
    .from(pointLedger)
    .leftJoin(orders, eq(orders.id, pointLedger.orderId))
    .where(eq(pointLedger.userId, customerId))
    .orderBy(desc(pointLedger.createdAt), desc(pointLedger.id))
    .limit(LEDGER_LINES_SHOWN);
}

function changesQuery(db: Database, customerId: number) {
  return db.select().from(customerChanges).where(eq(customerChanges.customerId, customerId)).orderBy(desc(customerChanges.createdAt), desc(customerChanges.id));
}

/** The member's record, or null when there is no member (role customer) with this id. */
export async function loadCustomerRecord(db: Database, customerId: number, now: Date): Promise<CustomerRecord | null> {
  const orderScope = memberOrders(customerId);
  const orderQueries = ordersQueries(db, orderScope);
  const ticketQueries = ticketsQueries(db, eq(tickets.userId, customerId));
  const returnQueries = returnsQueries(db, orderScope);
  const [
    profileRows,
    loginRows,
    addressRows,
    orderRows,
    orderTotals,
    ticketRows,
    ticketTotal,
    returnRows,
    returnTotal,
    ledger,
    ledgerCount,
    changes,
    settings,
  ] = await db.batch([
    profileQuery(db, customerId),
    loginQuery(db, customerId, now),
    bookRows(db, customerId),
    orderQueries.rows,
    orderQueries.totals,
    ticketQueries.rows,
    ticketQueries.total,
    returnQueries.rows,
    returnQueries.total,
    ledgerQuery(db, customerId),
    db.select({ n: count() }).from(pointLedger).where(eq(pointLedger.userId, customerId)),
    changesQuery(db, customerId),
    currentSettingsQuery(db),
  ]);
  const profile = profileRows[0];
  if (!profile) return null;
  const login = loginRows[0];
  const totals = orderTotals[0];
  return {
    profile: {
      id: profile.id,
      name: `${profile.lastname} ${profile.firstname}`.trim(),
      kana: `${profile.lastnameJp} ${profile.firstnameJp}`.trim(),
      nickname: profile.nickname ?? "",
      email: profile.email,
      phone: profile.phone ?? "",
      registeredAt: profile.createdAt.toISOString(),
      newsletter: profile.newsletter,
      status: customerStatus(profile),
      suspendedAt: profile.suspendedAt?.toISOString() ?? null,
      suspensionReason: profile.suspensionReason,
    },
    login: {
      activeSessions: login?.active ?? 0,
      lastSignInAt: login?.lastSignInAt?.toISOString() ?? null,
      lastSeenAt: login?.lastSeenAt?.toISOString() ?? null,
    },
    addresses: addressRows.map(addressJson),
    orders: { rows: orderList(orderRows), total: totals?.all ?? 0, placed: totals?.placed ?? 0, bought: totals?.bought ?? 0 },
    tickets: { rows: ticketList(ticketRows), total: ticketTotal[0]?.n ?? 0 },
    returns: { rows: returnList(returnRows), total: returnTotal[0]?.n ?? 0 },
    points: {
      balance: profile.points,
      pending: profile.pending,
      ledger: ledger.map((line) => ({ ...line, orderNumber: line.orderNumber ?? null, createdAt: line.createdAt.toISOString() })),
      ledgerTotal: ledgerCount[0]?.n ?? 0,
    },
    changes: changes.map((change) => ({
      id: change.id,
      kind: change.kind,
      staffName: change.staffName,
      summary: change.summary,
      before: change.before,
      after: change.after,
      reason: change.reason,
      createdAt: change.createdAt.toISOString(),
    })),
    pointAdjustLimit: settingsFromRows(settings).pointAdjustLimit,
  };
}

/** One of the member's addresses for staff's correction page (null: no such member, or not theirs). */
export async function loadCustomerAddress(db: Database, customerId: number, addressId: number) {
  const [profileRows, addressRows] = await db.batch([
    db
      .select({ id: users.id, lastname: users.lastname, firstname: users.firstname, withdrawnAt: users.withdrawnAt })
      .from(users)
      .where(and(eq(users.id, customerId), eq(users.role, "customer"))),
    bookRows(db, customerId),
  ]);
  const member = profileRows[0];
  const address = addressRows.find((row) => row.id === addressId);
  if (!member || !address) return null;
  return { customer: { id: member.id, name: `${member.lastname} ${member.firstname}`.trim() }, address: addressJson(address) };
}
