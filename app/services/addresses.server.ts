/**
 * A member's address book on D1 (spec §2 screen 10, §4 address editor, §7 Addresses). Every operation
 * names the member: an address id of another member is "not found" (404), never read or changed.
 *
 * One default address whenever any exist: the first saved address becomes the default, marking another
 * one default unmarks the rest, deleting the default promotes the oldest remaining one, and the default
 * cannot be unmarked except by marking another. Each change is one D1 batch (one transaction), with the
 * default rule written as conditional SQL inside it.
 */
import { and, asc, count, desc, eq, notInArray, sql } from "drizzle-orm";
import { ADDRESS_FORM_MESSAGES, type AddressInput, type AddressJson, type AddressListEntry } from "~/core/address-form";
import { withOneDefault } from "~/core/address-book";
import { ADDRESS_BOOK_LIMIT } from "~/core/limits";
import { addressColumns, addressJson } from "~/core/address-records";
import type { Database } from "~/db/client.server";
import { addresses } from "~/db/schema";

type AddressRow = typeof addresses.$inferSelect;

export type AddressResult<T> = { ok: true; value: T } | { ok: false; status: 404 | 409; error: string };

const notFound = { ok: false, status: 404, error: ADDRESS_FORM_MESSAGES.notFound } as const;

/** The columns an address form writes (everything but the owner, the id and the default flag). */
function columns(input: AddressInput) {
  return { title: input.title, ...addressColumns(input) };
}

const ownedBy = (userId: number) => eq(addresses.userId, userId);
const hasDefault = (userId: number) => sql`exists (select 1 from ${addresses} where ${addresses.userId} = ${userId} and ${addresses.isDefault} = 1)`;

/** The member's addresses, the default first, then in the order they were added. */
export async function listAddresses(db: Database, userId: number): Promise<AddressJson[]> {
  const rows = await db.select().from(addresses).where(ownedBy(userId)).orderBy(desc(addresses.isDefault), asc(addresses.id));
  return rows.map(addressJson);
}

export async function findAddress(db: Database, userId: number, id: number): Promise<AddressJson | null> {
  const row = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), ownedBy(userId)))
    .get();
  return row ? addressJson(row) : null;
}

/**
 * The INSERT of a new address, for callers that write it inside their own batch (order placement with
 * save_address): it becomes the default when asked or when the member has no default yet.
 * Statements that unmark other defaults are added by addAddress; a caller that only appends an address
 * can pass `default: false`.
 */
export function insertAddressStatement(db: Database, userId: number, input: AddressInput) {
  return db
    .insert(addresses)
    .values({
      ...columns(input),
      userId,
      isDefault: input.default ? true : sql`(not ${hasDefault(userId)})`,
    })
    .returning();
}

export async function addAddress(db: Database, userId: number, input: AddressInput): Promise<AddressResult<AddressJson>> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(addresses).where(ownedBy(userId));
  if (total >= ADDRESS_BOOK_LIMIT) return { ok: false, status: 409, error: ADDRESS_FORM_MESSAGES.tooMany };
  const insert = insertAddressStatement(db, userId, input);
  if (!input.default) {
    const [row] = await insert;
    return row ? { ok: true, value: addressJson(row) } : notFound;
  }
  const [, inserted] = await db.batch([db.update(addresses).set({ isDefault: false }).where(ownedBy(userId)), insert]);
  const row = inserted[0];
  return row ? { ok: true, value: addressJson(row) } : notFound;
}

/** Replaces an address's fields; `default: true` makes it the default, `false` never unmarks the default. */
export async function updateAddress(db: Database, userId: number, id: number, input: AddressInput): Promise<AddressResult<AddressJson>> {
  const owned = and(eq(addresses.id, id), ownedBy(userId));
  const update = db
    .update(addresses)
    .set({ ...columns(input), isDefault: input.default ? true : sql`${addresses.isDefault}` })
    .where(owned)
    .returning();
  let row: AddressRow | undefined;
  if (input.default) {
    const ownsIt = sql`exists (select 1 from ${addresses} a where a.id = ${id} and a.user_id = ${userId})`;
    const [, updated] = await db.batch([
      db
        .update(addresses)
        .set({ isDefault: false })
        .where(and(ownedBy(userId), sql`${addresses.id} <> ${id}`, ownsIt)),
      update,
    ]);
    row = updated[0];
  } else {
    row = (await update)[0];
  }
  return row ? { ok: true, value: addressJson(row) } : notFound;
}

/** Deletes an address; when it was the default, the oldest remaining address becomes the default. */
export async function deleteAddress(db: Database, userId: number, id: number): Promise<AddressResult<{ id: number }>> {
  const [deleted] = await db.batch([
    db
      .delete(addresses)
      .where(and(eq(addresses.id, id), ownedBy(userId)))
      .returning({ id: addresses.id }),
    promoteOldestIfNoDefault(db, userId),
  ]);
  return deleted[0] ? { ok: true, value: { id } } : notFound;
}

function promoteOldestIfNoDefault(db: Database, userId: number) {
  return db
    .update(addresses)
    .set({ isDefault: true })
    .where(and(sql`${addresses.id} = (select min(a.id) from ${addresses} a where a.user_id = ${userId})`, sql`not ${hasDefault(userId)}`));
}

export async function setDefaultAddress(db: Database, userId: number, id: number): Promise<AddressResult<{ id: number }>> {
  const rows = await db
    .update(addresses)
    .set({ isDefault: sql`${addresses.id} = ${id}` })
    .where(and(ownedBy(userId), sql`exists (select 1 from ${addresses} a where a.id = ${id} and a.user_id = ${userId})`))
    .returning({ id: addresses.id });
  return rows.length > 0 ? { ok: true, value: { id } } : notFound;
}

/**
 * Saves a whole list (the profile page with JS, /user/profile/checkout/editAddress,
 * /api/users/update-addresses): entries with an id replace that saved address, entries without one are
 * added, saved addresses missing from the list are deleted; exactly one default (withOneDefault).
 * An id that is not one of the member's addresses fails the whole list with 404, changing nothing.
 * Answers the saved list in the order it was sent, with ids.
 */
export async function saveAddressList(db: Database, userId: number, entries: AddressListEntry[]): Promise<AddressResult<AddressJson[]>> {
  if (entries.length > ADDRESS_BOOK_LIMIT) return { ok: false, status: 409, error: ADDRESS_FORM_MESSAGES.tooMany };
  const owned = new Set((await db.select({ id: addresses.id }).from(addresses).where(ownedBy(userId))).map((row) => row.id));
  if (entries.some((entry) => entry.id != null && !owned.has(entry.id))) return notFound;
  const list = withOneDefault(entries);
  const kept = list.flatMap((entry) => (entry.id == null ? [] : [entry.id]));
  const removal = db.delete(addresses).where(kept.length > 0 ? and(ownedBy(userId), notInArray(addresses.id, kept)) : ownedBy(userId));
  const writes = list.map((entry) =>
    entry.id == null
      ? db
          .insert(addresses)
          .values({ ...columns(entry), userId, isDefault: entry.default })
          .returning()
      : db
          .update(addresses)
          .set({ ...columns(entry), isDefault: entry.default })
          .where(and(eq(addresses.id, entry.id), ownedBy(userId)))
          .returning(),
  );
  // Unmark every default first, so no moment of the batch has two (and the list's flags then apply).
  const unmark = db.update(addresses).set({ isDefault: false }).where(ownedBy(userId));
  const [, , ...results] = await db.batch([removal, unmark, ...writes]);
  const saved: AddressJson[] = [];
  for (const rows of results as AddressRow[][]) {
    const row = rows[0];
    if (!row) return notFound; // deleted meanwhile by another request
    saved.push(addressJson(row));
  }
  return { ok: true, value: saved };
}
