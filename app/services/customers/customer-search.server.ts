/**
 * /crm/customers: the members (role customer) on the generic listing, searched by every key at once
 * (app/core/customers/customer-search.ts), and the guests whose orders an e-mail or order number finds.
 * One D1 round trip: the count, the page and the guests.
 */
import { and, count, desc, eq, isNull, max, or, sql, type SQL } from "drizzle-orm";
import { customerSearchTerms, CUSTOMER_LISTING, GUEST_MATCHES_SHOWN, type CustomerSearchTerms, type CustomerSort } from "~/core/customers/customer-search";
import { customerStatus, type CustomerStatus } from "~/core/customers/customer-records";
import type { ListingQuery } from "~/core/search/listing";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { qualified, type Database } from "~/db/client.server";
import { addresses, orders, users } from "~/db/schema";
import { betweenDaysFilter, loadListingPage, type ListingPage, type ListingSource } from "../search/listing.server";

export interface CustomerRow {
  id: number;
  name: string;
  kana: string;
  email: string;
  phone: string;
  registeredAt: string;
  /** Orders placed, cancelled ones left out. */
  orderCount: number;
  status: CustomerStatus;
}

export interface GuestMatch {
  email: string;
  /** The name on the guest's latest order. */
  name: string;
  orderCount: number;
  lastOrderAt: string;
}

/** A phone column's digits: the separators a number may have been kept with (forms store digits only) taken out. */
const phoneDigits = (column: AnySQLiteColumn) => sql`replace(replace(replace(replace(coalesce(${column}, ''), '-', ''), ' ', ''), '(', ''), ')', '')`;

/** Members any key of the search finds: name, reading, e-mail, phone (theirs or an address's), an order of theirs. */
export function memberSearchCondition(terms: CustomerSearchTerms): SQL {
  const keys: SQL[] = [
    sql`instr(${users.lastname} || ${users.firstname}, ${terms.name}) > 0`,
    sql`instr(${users.lastnameJp} || ${users.firstnameJp}, ${terms.kana}) > 0`,
    sql`instr(lower(${users.email}), ${terms.email}) > 0`,
  ];
  if (terms.phoneDigits) {
    keys.push(
      sql`instr(${phoneDigits(users.phone)}, ${terms.phoneDigits}) > 0`,
      sql`exists (select 1 from ${addresses} where ${addresses.userId} = ${qualified(users.id)} and instr(${phoneDigits(addresses.phone)}, ${terms.phoneDigits}) > 0)`,
    );
  }
  if (terms.orderNumber) keys.push(sql`${qualified(users.id)} in (select ${orders.userId} from ${orders} where ${orders.number} = ${terms.orderNumber})`);
  return or(...keys)!;
}

const STATUS_CONDITIONS: Record<CustomerStatus, SQL> = {
  active: sql`${users.withdrawnAt} is null and ${users.suspendedAt} is null`,
  suspended: sql`${users.withdrawnAt} is null and ${users.suspendedAt} is not null`,
  withdrawn: sql`${users.withdrawnAt} is not null`,
};

const CUSTOMER_SOURCE: ListingSource<CustomerSort> = {
  scope: eq(users.role, "customer"),
  sortColumns: { created: users.createdAt, kana: sql`${users.lastnameJp} || ${users.firstnameJp}` },
  idColumn: users.id,
  filters: {
    q: (value) => {
      const terms = typeof value === "string" ? customerSearchTerms(value) : null;
      return terms ? memberSearchCondition(terms) : undefined;
    },
    status: (value) => (typeof value === "string" && Object.hasOwn(STATUS_CONDITIONS, value) ? STATUS_CONDITIONS[value as CustomerStatus] : undefined),
    newsletter: (value) => (value === "1" ? eq(users.newsletter, true) : value === "0" ? eq(users.newsletter, false) : undefined),
    date_created: betweenDaysFilter(users.createdAt),
  },
};

/**
 * Guest orders (no member) the search finds, grouped by address, the latest first: an e-mail part (text that
 * could be one), or an order number (that order's guest). Null when the text can find no guest.
 */
function guestMatchesQuery(db: Database, terms: CustomerSearchTerms) {
  const keys: SQL[] = [];
  if (terms.emailLike) keys.push(sql`instr(${orders.email}, ${terms.email}) > 0`);
  if (terms.orderNumber) keys.push(sql`${orders.email} in (select ${orders.email} from ${orders} where ${orders.number} = ${terms.orderNumber})`);
  if (keys.length === 0) return null;
  return db
    .select({
      email: orders.email,
      orderCount: count(),
      lastOrderAt: max(orders.createdAt),
      // SQLite takes the bare columns of the row that holds max(): the latest order's name.
      lastname: orders.shipLastname,
      firstname: orders.shipFirstname,
    })
    .from(orders)
    .where(and(isNull(orders.userId), or(...keys)))
    .groupBy(orders.email)
    .orderBy(desc(max(orders.createdAt)))
    .limit(GUEST_MATCHES_SHOWN + 1);
}

type GuestMatchRow = Awaited<NonNullable<ReturnType<typeof guestMatchesQuery>>>[number];

export interface CustomerSearchResult {
  page: ListingPage<CustomerRow, CustomerSort>;
  /** Guests the search text finds (none without one); at most GUEST_MATCHES_SHOWN. */
  guests: GuestMatch[];
  /** More guests match than are shown. */
  moreGuests: boolean;
}

export async function searchCustomers(db: Database, query: ListingQuery<CustomerSort>): Promise<CustomerSearchResult> {
  const text = query.inputs.q;
  const terms = typeof text === "string" ? customerSearchTerms(text) : null;
  const guestsQuery = terms ? guestMatchesQuery(db, terms) : null;
  let guestRows: GuestMatchRow[] = [];
  const page = await loadListingPage(CUSTOMER_LISTING, query, CUSTOMER_SOURCE, async ({ where, orderBy, limit, offset }) => {
    const rowsQuery = db
      .select({
        id: users.id,
        lastname: users.lastname,
        firstname: users.firstname,
        lastnameJp: users.lastnameJp,
        firstnameJp: users.firstnameJp,
        email: users.email,
        phone: users.phone,
        createdAt: users.createdAt,
        suspendedAt: users.suspendedAt,
        withdrawnAt: users.withdrawnAt,
        orderCount: sql<number>`(select count(*) from ${orders} where ${orders.userId} = ${qualified(users.id)} and ${orders.status} <> 'cancelled')`,
      })
      .from(users)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
    const countQuery = db.select({ n: count() }).from(users).where(where);
    if (guestsQuery) {
      const [counted, rows, guests] = await db.batch([countQuery, rowsQuery, guestsQuery]);
      guestRows = guests;
      return { total: counted[0]?.n ?? 0, rows: rows.map(customerRow) };
    }
    const [counted, rows] = await db.batch([countQuery, rowsQuery]);
    return { total: counted[0]?.n ?? 0, rows: rows.map(customerRow) };
  });
  const guests = guestRows.slice(0, GUEST_MATCHES_SHOWN).map((row) => ({
    email: row.email,
    name: `${row.lastname} ${row.firstname}`.trim(),
    orderCount: row.orderCount,
    lastOrderAt: row.lastOrderAt?.toISOString() ?? "",
  }));
  return { page, guests, moreGuests: guestRows.length > GUEST_MATCHES_SHOWN };
}

function customerRow(row: {
  id: number;
  lastname: string;
  firstname: string;
  lastnameJp: string;
  firstnameJp: string;
  email: string;
  phone: string | null;
  createdAt: Date;
  suspendedAt: Date | null;
  withdrawnAt: Date | null;
  orderCount: number;
}): CustomerRow {
  return {
    id: row.id,
    name: `${row.lastname} ${row.firstname}`.trim(),
    kana: `${row.lastnameJp} ${row.firstnameJp}`.trim(),
    email: row.email,
    phone: row.phone ?? "",
    registeredAt: row.createdAt.toISOString(),
    orderCount: row.orderCount,
    status: customerStatus(row),
  };
}
