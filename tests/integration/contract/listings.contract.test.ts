/**
 * Spec §7 "Listings and mails": POST {listing_path} form-encoded with query (page, orderby, ordersens),
 * inputs and operators answers query, inputs, data and detail.pages (spec §3 Listing query, its filter
 * operators BETWEEN, LIKE and equals, pages 0-based); a row is removed by POST with id; GET or POST
 * /api/user/mails; POST /user/mails/read/{id}. Checked at the spec's URLs through Remix's request handler.
 */
import { describe, expect } from "vitest";
import { contractTest, expectFields, expectNoCamelCase, json, type Serve } from "./support";

const it = contractTest(import.meta.glob(["../../../app/routes/api.user.*.ts", "../../../app/routes/user.mails.read.*.ts"], { eager: true }));

/** The member's listings that speak the §7 listing contract. */
const LISTING_PATHS = ["/api/user/mails", "/api/user/orders", "/api/user/points"] as const;
/** Spec §3 Notification mail. */
const MAIL_FIELDS = ["id", "title", "content", "date_created", "readed"] as const;

type Mail = { id: number; title: string; content: string; date_created: string; readed: string | null };
type Listing<T = Record<string, unknown>> = {
  query: { page: number; orderby: string; ordersens: string };
  inputs: Record<string, unknown>;
  data: T[];
  detail: { pages: number };
};

async function listMails({ serve, member }: { serve: Serve; member: string }, fields: [string, string][]): Promise<Listing<Mail>> {
  return json<Listing<Mail>>(await serve("/api/user/mails", { cookie: member, fields }));
}

describe("POST {listing_path} (query, inputs, operators) → query, inputs, data, detail.pages", () => {
  it("answers every listing with the spec's fields, echoing the query", async ({ member, serve }) => {
    const cookie = member;
    for (const path of LISTING_PATHS) {
      const fields: [string, string][] = [
        ["query[page]", "0"],
        ["query[orderby]", "date_created"],
        ["query[ordersens]", "ASC"],
      ];
      const body = await json<Listing>(await serve(path, { cookie, fields }));
      expectFields(body, ["query", "inputs", "data", "detail"], path);
      expectFields(body.detail, ["pages"], `${path} detail`);
      expect(body.query, path).toEqual({ page: 0, orderby: "date_created", ordersens: "ASC" });
      expect(Array.isArray(body.data), path).toBe(true);
      expectNoCamelCase(body, path);
      // The same listing by GET (the query string form).
      const query = new URLSearchParams(fields).toString();
      expect((await json<Listing>(await serve(`${path}?${query}`, { method: "GET", cookie }))).query, `GET ${path}`).toEqual(body.query);
    }
  });

  it("sorts by orderby in the ordersens direction and pages from 0", async ({ member, serve }) => {
    const ascending = await listMails({ serve, member }, [
      ["query[orderby]", "date_created"],
      ["query[ordersens]", "ASC"],
    ]);
    const descending = await listMails({ serve, member }, [
      ["query[orderby]", "date_created"],
      ["query[ordersens]", "DESC"],
    ]);
    expect(ascending.data.length).toBeGreaterThan(1);
    expect(descending.data.map((mail) => mail.id)).toEqual([...ascending.data].reverse().map((mail) => mail.id));
    expect(ascending.detail.pages).toBe(1);
    expect((await listMails({ serve, member }, [["query[page]", "0"]])).data.map((mail) => mail.id)).toEqual(descending.data.map((mail) => mail.id));
  });

  it("filters with the spec's operators: LIKE on title and content, equals on readed, BETWEEN on date_created", async ({ member, serve }) => {
    const all = await listMails({ serve, member }, []);
    for (const mail of all.data) expectFields(mail, MAIL_FIELDS, `mail ${mail.id}`);

    const like = await listMails({ serve, member }, [
      ["inputs[title]", "発送"],
      ["operators[title]", "LIKE"],
    ]);
    expect(like.inputs).toEqual({ title: "発送" });
    expect(like.data.length).toBeGreaterThan(0);
    expect(like.data.every((mail) => mail.title.includes("発送"))).toBe(true);

    const content = await listMails({ serve, member }, [
      ["inputs[content]", "キャンペーン"],
      ["operators[content]", "LIKE"],
    ]);
    expect(content.data.every((mail) => mail.content.includes("キャンペーン"))).toBe(true);

    const unread = await listMails({ serve, member }, [
      ["inputs[readed]", "0"],
      ["operators[readed]", "equals"],
    ]);
    expect(unread.data.length).toBeGreaterThan(0);
    expect(unread.data.every((mail) => mail.readed === null)).toBe(true);

    const between = await listMails({ serve, member }, [
      ["inputs[date_created][from]", "2000-01-01"],
      ["inputs[date_created][to]", "2000-12-31"],
      ["operators[date_created]", "BETWEEN"],
    ]);
    expect(between.inputs).toEqual({ date_created: { from: "2000-01-01", to: "2000-12-31" } });
    expect(between.data).toEqual([]);
    expect(
      (
        await listMails({ serve, member }, [
          ["inputs[date_created][from]", "2000-01-01"],
          ["inputs[date_created][to]", "2099-12-31"],
          ["operators[date_created]", "BETWEEN"],
        ])
      ).data.length,
    ).toBe(all.data.length);
  });
});

describe("POST /user/mails/read/{id} and removing a row (POST with id)", () => {
  it("marks an unread mail read (readed becomes a date) and answers it", async ({ member, serve }) => {
    const [unread] = (
      await listMails({ serve, member }, [
        ["inputs[readed]", "0"],
        ["operators[readed]", "equals"],
      ])
    ).data;
    const body = await json<{ mail: Mail }>(await serve(`/user/mails/read/${unread!.id}`, { cookie: member }));
    expectFields(body.mail, MAIL_FIELDS, "mail");
    expect(body.mail.id).toBe(unread!.id);
    expect(Date.parse(body.mail.readed ?? "")).not.toBeNaN();
    const after = await listMails({ serve, member }, []);
    expect(after.data.find((mail) => mail.id === unread!.id)?.readed).toBe(body.mail.readed);
  });

  it("removes the row posted by id and answers the listing without it", async ({ member, serve }) => {
    const before = await listMails({ serve, member }, []);
    const target = before.data.at(-1)!;
    const body = await json<Listing<Mail> & { removed: number }>(await serve("/api/user/mails", { cookie: member, fields: { id: String(target.id) } }));
    expect(body.removed).toBe(target.id);
    expect(body.data.map((mail) => mail.id)).not.toContain(target.id);
    expect(body.data).toHaveLength(before.data.length - 1);
  });
});
