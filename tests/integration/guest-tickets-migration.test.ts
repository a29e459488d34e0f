/**
 * Migration 0033 rebuilds `tickets` (user_id nullable for guest tickets). D1 keeps foreign keys on, so dropping
 * the old table cascades into every child row; the migration copies them aside and puts them back. This test
 * fills every table that hangs off a ticket, applies the migration and expects each row as it was. Real local D1.
 */
import { expect, test } from "vitest";
import { applyMigrations, createTestPlatform } from "../support/platform";

const MIGRATION = "0033_guest_tickets.sql";

/** Every table whose rows a drop of `tickets` would delete or change, with the order its rows are compared in. */
const CHILD_TABLES = {
  ticket_messages: "id",
  ticket_order_lines: "ticket_id, order_line_id",
  ticket_notes: "id",
  staff_notices: "id",
  ticket_viewers: "ticket_id, user_id",
  ticket_tags: "ticket_id, tag",
  ticket_ratings: "ticket_id",
  ticket_reply_drafts: "id",
  media: "id",
  inbound_mails: "id",
};

const STORE_BEFORE = [
  `insert into users (id, email, password_hash, lastname, firstname, lastname_jp, firstname_jp) values
     (1, 'a@example.jp', 'x', '山田', '花子', 'ヤマダ', 'ハナコ'), (2, 'staff@example.jp', 'x', '鈴木', '一郎', 'スズキ', 'イチロウ')`,
  "update users set role = 'staff' where id = 2",
  "insert into categories (id, slug, name) values (1, 'c', 'C')",
  "insert into products (id, sku, title, regular_price, primary_category_id, inventory) values (1, 'T-1', 'タオル', 1000, 1, 9)",
  `insert into orders (id, number, user_id, email, payment_method, subtotal, total, ship_lastname, ship_firstname, ship_lastname_jp, ship_firstname_jp,
     ship_postal_code, ship_prefecture, ship_city, ship_address1, ship_phone, placement_token)
   values (1, 'N-1', 1, 'a@example.jp', 'cod', 1000, 1000, '山田', '花子', 'ヤマダ', 'ハナコ', '1000001', 13, '千代田区', '1-1', '0312345678', 't-1')`,
  "insert into order_lines (id, order_id, product_id, sku, title, unit_price, quantity, tax_rate, total) values (1, 1, 1, 'T-1', 'タオル', 1000, 1, 10, 1000)",
  `insert into tickets (id, user_id, priority, category, trouble, description, form_session, order_id, owner_id, reply_token) values
     (1, 1, 'high', 'order', 'その他', '届いたタオルが破れていました', 's-1', 1, 2, 'token-1'),
     (2, 1, 'low', 'other', 'その他', '同じ件です', 's-2', null, null, 'token-2')`,
  "update tickets set merged_into_id = 1, status = 'close' where id = 2",
  "insert into ticket_messages (id, ticket_id, fromadmin, message) values (10, 1, null, '写真を送ります'), (11, 1, 2, '交換品をお送りします')",
  "insert into media (id, owner_user_id, r2_key, folder, filename, ext, content_type, size, ticket_message_id) values (5, 1, 'k/1.jpg', 'tickets', '1.jpg', 'jpg', 'image/jpeg', 10, 10)",
  "insert into ticket_order_lines (ticket_id, order_line_id) values (1, 1)",
  "insert into ticket_notes (id, ticket_id, author_id, body) values (20, 1, 2, '倉庫に在庫確認済み')",
  "insert into staff_notices (id, user_id, ticket_id, note_id) values (30, 2, 1, 20)",
  "insert into ticket_viewers (ticket_id, user_id, seen_at) values (1, 2, 1700000000000)",
  "insert into ticket_tags (ticket_id, tag) values (1, '破損'), (1, '交換')",
  "insert into ticket_ratings (ticket_id, resolved, score, comment) values (2, 1, 5, '助かりました')",
  "insert into ticket_reply_drafts (id, ticket_id, author_id, message, status, reviewer_id, message_id) values (40, 1, 2, '交換品をお送りします', 'approved', 2, 11)",
  `insert into inbound_mails (id, received_at, from_address, to_address, subject, outcome, ticket_id, user_id, body, raw_size)
   values (50, 1700000000000, 'a@example.jp', 'support@example.jp', 'Re: お問い合わせ', 'added', 1, 1, '写真を送ります', 100)`,
];

async function snapshot(d1: D1Database) {
  const tables: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(CHILD_TABLES)) {
    tables[table] = (await d1.prepare(`select * from ${table} order by ${order}`).all()).results;
  }
  return tables;
}

test("migration 0033 keeps every ticket and every row that hangs off one, and lets a ticket be a guest's", async () => {
  let before: Record<string, unknown[]> = {};
  let ticketsBefore: unknown[] = [];
  const platform = await createTestPlatform({
    migrated: async (d1) => {
      await applyMigrations(d1, { before: MIGRATION });
      await d1.batch(STORE_BEFORE.map((statement) => d1.prepare(statement)));
      before = await snapshot(d1);
      ticketsBefore = (await d1.prepare("select * from tickets order by id").all()).results;
      await applyMigrations(d1, { from: MIGRATION });
    },
  });
  try {
    const d1 = platform.env.DB;
    for (const rows of Object.values(before)) expect(rows.length).toBeGreaterThan(0);
    expect(await snapshot(d1)).toEqual(before);
    const ticketsAfter = (await d1.prepare("select * from tickets order by id").all()).results;
    expect(ticketsAfter).toEqual(ticketsBefore.map((row) => ({ ...(row as object), guest_email: null, guest_name: null })));
    expect((await d1.prepare("pragma foreign_key_check").all()).results).toEqual([]);
    const leftovers = await d1.prepare("select name from sqlite_master where name like '%keep%' or name like '__new%'").all();
    expect(leftovers.results).toEqual([]);

    // The search index still finds old text, and the re-created triggers index new tickets.
    const found = (text: string, table: string) => d1.prepare(`select rowid from ${table} where body match ?`).bind(`"${text}"`).all();
    expect((await found("交換品", "ticket_message_search")).results).toEqual([{ rowid: 11 }]);
    expect((await found("在庫確認", "ticket_note_search")).results).toEqual([{ rowid: 20 }]);
    expect((await found("タオルが破れ", "ticket_description_search")).results).toEqual([{ rowid: 1 }]);
    await d1
      .prepare(
        "insert into tickets (id, guest_email, guest_name, priority, category, trouble, description, form_session) values (3, 'guest@example.com', '佐藤', 'medium', 'other', 'その他', '注文前の質問です', 'm-1')",
      )
      .run();
    expect((await found("注文前の質問", "ticket_description_search")).results).toEqual([{ rowid: 3 }]);

    // A ticket is a member's or a guest's: never both, never neither.
    const insert = (userId: string, guest: string, session: string) =>
      d1
        .prepare(
          `insert into tickets (user_id, guest_email, priority, category, trouble, description, form_session) values (${userId}, ${guest}, 'low', 'other', 'その他', 'x', '${session}')`,
        )
        .run();
    await expect(insert("null", "null", "n-1")).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert("1", "'a@example.jp'", "n-2")).rejects.toThrow(/CHECK constraint failed/);
    // One mail opens one guest ticket: the (address, form session) pair is unique as the member's is.
    await expect(insert("null", "'guest@example.com'", "m-1")).rejects.toThrow(/UNIQUE constraint failed/);

    // Deleting a ticket still takes its rows with it (the rebuilt table is referenced as before).
    await d1.prepare("delete from tickets where id = 1").run();
    expect((await d1.prepare("select count(*) as n from ticket_messages").first<{ n: number }>())!.n).toBe(0);
  } finally {
    await platform.dispose();
  }
});
