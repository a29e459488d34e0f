/**
 * A member's address book on D1 (spec §2 screen 10, §4 address editor, §7 Addresses). Every operation
 * names the member: an address id of another member is "not found" (404), never read or changed.
 *
 * Every change goes through changeAddressBook (issue 34 item 2): the book is read, the change is judged on
 * it (core/address/address-changes: an address changed since the page showed it, or a whole list saved over a book
 * that changed, is refused as stale), and its statements run in ONE D1 batch that starts with a guard: the
 * book is still, row for row, the one read. A change that lost a race to another (two tabs saving at once)
 * fails whole and is judged again on the fresh book, where it is refused or still applies (two adds).
 *
 * One default address whenever any exist: the first saved address becomes the default, marking another
 * one default unmarks the rest, deleting the default promotes the oldest remaining one, and the default
 * cannot be unmarked except by marking another — decided on the book as read, which the guard keeps true.
 */
import { and, asc, desc, eq, notInArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { addressBookState, withOneDefault, type AddressBookState } from "~/core/address/address-book";
import { addressChangeRefusal, type AddressChange } from "~/core/address/address-changes";
import { ADDRESS_FORM_MESSAGES, type AddressInput, type AddressJson } from "~/core/address/address-form";
import { addressColumns, addressJson } from "~/core/address/address-records";
import type { Database } from "~/db/client.server";
import { addresses, users } from "~/db/schema";
import { guard, isGuardFailure } from "../orders/order-guards.server";

type Statement = BatchItem<"sqlite">;
type AddressRow = typeof addresses.$inferSelect;

export type AddressChangeResult =
  | { ok: true; book: AddressBookState; /** The address added or edited. */ address: AddressJson | null }
  | { ok: false; status: 404 | 409; error: string; book: AddressBookState };

/** The columns an address form writes (everything but the owner, the id and the default flag). */
function columns(input: AddressInput) {
  return { title: input.title, ...addressColumns(input) };
}

const ownedBy = (userId: number) => eq(addresses.userId, userId);

/** The member's rows as pages list them: the default first, then in the order they were added (a query to run or batch). */
export const bookRows = (db: Database, userId: number) =>
  db.select().from(addresses).where(ownedBy(userId)).orderBy(desc(addresses.isDefault), asc(addresses.id));

/** The member's addresses, the default first, then in the order they were added. */
export async function listAddresses(db: Database, userId: number): Promise<AddressJson[]> {
  return (await bookRows(db, userId)).map(addressJson);
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
 * The book as one text written by SQL — every row's id, default flag and fields, by id — so a batch can
 * check that it is still exactly the book its change was judged on.
 */
function bookStateText(userId: number) {
  const row = sql`json_array(${addresses.id}, ${addresses.isDefault}, ${addresses.title}, ${addresses.lastname}, ${addresses.firstname}, ${addresses.lastnameJp}, ${addresses.firstnameJp}, ${addresses.postalCode}, ${addresses.prefecture}, ${addresses.city}, ${addresses.district}, ${addresses.address1}, ${addresses.address2}, ${addresses.phone})`;
  return sql<string>`(select coalesce(group_concat(state, char(10)), '') from (select ${row} as state from ${addresses} where ${ownedBy(userId)} order by ${addresses.id}))`;
}

/** Attempts before a change that keeps losing races gives up (each loss means the book changed meanwhile). */
const ATTEMPTS = 3;

/**
 * Applies one change to the member's book (see the file's comment); answers the book after it, or as it is
 * when refused. `alsoWrite` adds statements to the change's own batch, made from the book it was judged on
 * (staff's correction records itself, before → after, in the same transaction).
 */
export async function changeAddressBook(
  db: Database,
  userId: number,
  change: AddressChange,
  alsoWrite: (book: AddressJson[]) => Statement[] = () => [],
): Promise<AddressChangeResult> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const [rows, [read]] = await db.batch([
      bookRows(db, userId),
      db
        .select({ text: bookStateText(userId) })
        .from(users)
        .where(eq(users.id, userId)),
    ]);
    const book = rows.map(addressJson);
    const refusal = addressChangeRefusal(book, change);
    if (refusal) return { ok: false, ...refusal, book: addressBookState(book) };
    try {
      const results = await db.batch([
        guard(db, sql`${bookStateText(userId)} = ${read?.text ?? ""}`),
        ...changeStatements(db, userId, book, change),
        ...alsoWrite(book),
        bookRows(db, userId),
      ] as [Statement, ...Statement[]]);
      const after = (results.at(-1) as AddressRow[]).map(addressJson);
      return { ok: true, book: addressBookState(after), address: savedAddress(book, after, change) };
    } catch (error) {
      if (!isGuardFailure(error)) throw error;
    }
  }
  return { ok: false, status: 409, error: ADDRESS_FORM_MESSAGES.busy, book: addressBookState(await listAddresses(db, userId)) };
}

/** The address an add or edit saved: the edited one, or the one that was not in the book before. */
function savedAddress(before: AddressJson[], after: AddressJson[], change: AddressChange): AddressJson | null {
  if (change.intent === "edit") return after.find((address) => address.id === change.id) ?? null;
  if (change.intent === "add") return after.find((address) => !before.some((known) => known.id === address.id)) ?? null;
  return null;
}

const unmarkDefaults = (db: Database, userId: number) => db.update(addresses).set({ isDefault: false }).where(ownedBy(userId));

/** The writes of a change judged on `book` (the batch's guard keeps the book as read). */
function changeStatements(db: Database, userId: number, book: AddressJson[], change: AddressChange): Statement[] {
  const one = (id: number) => and(eq(addresses.id, id), ownedBy(userId));
  switch (change.intent) {
    case "add": {
      const isDefault = change.address.default || !book.some((address) => address.default);
      return [...(isDefault ? [unmarkDefaults(db, userId)] : []), db.insert(addresses).values({ ...columns(change.address), userId, isDefault })];
    }
    case "edit":
      // Marked default: the others are unmarked. Unmarked: the default stays the default.
      return change.address.default
        ? [
            unmarkDefaults(db, userId),
            db
              .update(addresses)
              .set({ ...columns(change.address), isDefault: true })
              .where(one(change.id)),
          ]
        : [db.update(addresses).set(columns(change.address)).where(one(change.id))];
    case "delete": {
      const wasDefault = book.some((address) => address.id === change.id && address.default);
      const oldest = Math.min(...book.filter((address) => address.id !== change.id).map((address) => address.id));
      const promote = wasDefault && Number.isFinite(oldest) ? [db.update(addresses).set({ isDefault: true }).where(one(oldest))] : [];
      return [db.delete(addresses).where(one(change.id)), ...promote];
    }
    case "set_default":
      return [
        db
          .update(addresses)
          .set({ isDefault: sql`${addresses.id} = ${change.id}` })
          .where(ownedBy(userId)),
      ];
    case "replace_list":
      return listStatements(db, userId, change.entries);
  }
}

/** The spec's list over the book shown: entries with an id replace that address, the others are added, the rest deleted; one default. */
function listStatements(db: Database, userId: number, entries: Extract<AddressChange, { intent: "replace_list" }>["entries"]): Statement[] {
  const list = withOneDefault(entries);
  const kept = list.flatMap((entry) => (entry.id == null ? [] : [entry.id]));
  const removal = db.delete(addresses).where(kept.length > 0 ? and(ownedBy(userId), notInArray(addresses.id, kept)) : ownedBy(userId));
  const writes = list.map((entry) =>
    entry.id == null
      ? db.insert(addresses).values({ ...columns(entry), userId, isDefault: entry.default })
      : db
          .update(addresses)
          .set({ ...columns(entry), isDefault: entry.default })
          .where(and(eq(addresses.id, entry.id), ownedBy(userId))),
  );
  // Unmark every default first, so no moment of the batch has two (and the list's flags then apply).
  return [removal, unmarkDefaults(db, userId), ...writes];
}
