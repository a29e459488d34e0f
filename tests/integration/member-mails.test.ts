/**
 * Notification mails (spec screen 13, §3, §4, §7) on a real, migrated and seeded local D1: the /user/mails
 * page, the JSON listing GET|POST /api/user/mails, opening a mail (POST /user/mails/read/{id} and the detail
 * page /user/mails/{id}), row removal, and that no member ever reaches another member's mail.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import { hashPassword } from "~/auth/password.server";
import { notificationMails, users } from "~/db/schema";
import { MEMBER_ID, OTHER_ID } from "~/services/seed/people";
import * as mailsApi from "~/routes/api.user.mails";
import * as mailDetail from "~/routes/user.mails.$id";
import * as mailsPage from "~/routes/user.mails._index";
import * as mailRead from "~/routes/user.mails.read.$id";
import { loadShellState } from "~/services/site/shell.server";
import { platformTest, type AsMember, type TestPlatform } from "../support/platform-test";
import { apiRequest, expectRedirect, location, memberCookie, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

const NOW = new Date("2026-01-15T03:00:00Z");
/** The seed's mails: 1–8 the member's (6, 7, 8 unread), 9 the other member's (unread). */
const OTHERS_MAIL = 9;
const PAGER_ID = 50;

// A member with 45 mails, for paging and removal, made once; `pager` is their session cookie.
const it = platformTest({ seedAt: NOW }).extend<{ pager: string }>({
  pager: [
    async ({ platform }, provide) => {
      await platform.db.insert(users).values({
        id: PAGER_ID,
        email: "pager@example.jp",
        passwordHash: await hashPassword("password1234"),
        lastname: "頁",
        firstname: "送",
        lastnameJp: "ページ",
        firstnameJp: "オクリ",
      });
      const many = Array.from({ length: 45 }, (_, index) => ({
        userId: PAGER_ID,
        title: `お知らせ ${String(index + 1).padStart(2, "0")}`,
        content: `<p>本文 ${index + 1}</p>`,
        dateCreated: new Date(NOW.getTime() - (45 - index) * 3_600_000),
      }));
      // D1 binds at most 100 parameters per statement.
      for (let start = 0; start < many.length; start += 20) await platform.db.insert(notificationMails).values(many.slice(start, start + 20));
      await provide(await memberCookie(platform, PAGER_ID));
    },
    { scope: "file", auto: true },
  ],
});

type PageData = Awaited<ReturnType<typeof mailsPage.loader>> extends infer R ? (R extends { data: infer D } ? D : never) : never;
type ApiListing = {
  query: { page: number; orderby: string; ordersens: string };
  inputs: Record<string, unknown>;
  operators: Record<string, string>;
  data: { id: number; title: string; content: string; date_created: string; readed: string | null }[];
  detail: { pages: number; total: number; page_size: number; paginator: number[] };
  removed?: number;
};

/** The page's data; a non-canonical URL is redirected once (as the browser would follow). */
const listPage = async ({ platform, member }: AsMember, search: string, cookie = member): Promise<PageData> => {
  const outcome = await run(platform, mailsPage.loader as RouteHandler, pageRequest(`/user/mails${search}`, cookie));
  if (outcome.status !== 302) return valueOf<PageData>(outcome);
  const target = location(outcome) ?? "";
  expect(target).toMatch(/^\/user\/mails(\?|$)/);
  return valueOf<PageData>(await run(platform, mailsPage.loader as RouteHandler, pageRequest(target, cookie)));
};
const titlesOf = (page: PageData) => page.page.rows.map((row) => row.title);
const idsOf = (page: PageData) => page.page.rows.map((row) => row.id);
const unreadCount = async (platform: TestPlatform, userId: number) => (await loadShellState(platform.db, { userId })).unreadMails;

describe("/user/mails (the listing page)", () => {
  it("sends a guest to the login page and back", async ({ platform }) => {
    const outcome = await run(platform, mailsPage.loader as RouteHandler, pageRequest("/user/mails?title=a"));
    expectRedirect(outcome, 302, `/login?show=1&redirectTo=${encodeURIComponent("/user/mails?title=a")}`);
  });

  it("lists only the member's own mails, newest first, without their content", async ({ platform, member }) => {
    const page = await listPage({ platform, member }, "");
    expect(page.page.total).toBe(8);
    expect(idsOf(page)).not.toContain(OTHERS_MAIL);
    expect(page.page.rows[0]?.id).toBe(8);
    expect(page.page.query).toEqual({ page: 0, orderby: "date_created", ordersens: "DESC", inputs: {} });
    expect(Object.keys(page.page.rows[0] ?? {})).toEqual(["id", "title", "readed", "receivedIso", "receivedDay", "receivedAt"]);
    const dates = page.page.rows.map((row) => new Date(row.receivedIso).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("filters by title (LIKE) and by content (LIKE)", async ({ platform, member }) => {
    const byTitle = await listPage({ platform, member }, `?title=${encodeURIComponent("発送")}`);
    expect(idsOf(byTitle).sort()).toEqual([2, 6]);
    expect(titlesOf(byTitle).every((title) => title.includes("発送"))).toBe(true);
    const byContent = await listPage({ platform, member }, `?content=${encodeURIComponent("300円OFFクーポン")}`);
    expect(idsOf(byContent)).toEqual([7]);
    const both = await listPage({ platform, member }, `?title=${encodeURIComponent("注文確認")}&content=${encodeURIComponent("代金引換")}`);
    expect(idsOf(both)).toEqual([3]);
  });

  it("takes LIKE wildcards literally, ignores ASCII case and takes long Japanese text", async ({ platform, member }) => {
    expect((await listPage({ platform, member }, "?title=%25")).page.total).toBe(0);
    expect((await listPage({ platform, member }, "?title=_")).page.total).toBe(0);
    expect(idsOf(await listPage({ platform, member }, "?content=campaign2026"))).toEqual([7]);
    // 40 characters (120 bytes): more than D1 allows in a LIKE pattern.
    const long = "ご注文いただいた商品を本日発送いたしました。配送業者のお問い合わせ番号は以下のとおりです";
    expect(idsOf(await listPage({ platform, member }, `?content=${encodeURIComponent(long)}`)).sort()).toEqual([2, 6]);
  });

  it("filters by read state (=) and by received day (BETWEEN, Japan days)", async ({ platform, member }) => {
    expect(idsOf(await listPage({ platform, member }, "?readed=0")).sort()).toEqual([6, 7, 8]);
    expect((await listPage({ platform, member }, "?readed=1")).page.total).toBe(5);
    // Mail 8 came 3 days before NOW (2026-01-12 12:00 JST); mail 6 six days before.
    expect(idsOf(await listPage({ platform, member }, "?date_created_from=2026-01-12&date_created_to=2026-01-12"))).toEqual([8]);
    expect(idsOf(await listPage({ platform, member }, "?date_created_from=2026-01-09")).sort()).toEqual([6, 8]);
    expect(idsOf(await listPage({ platform, member }, "?date_created_to=2026-01-11")).includes(8)).toBe(false);
  });

  it("sorts by an allowed column in either direction, and ignores any other", async ({ platform, member }) => {
    const asc = await listPage({ platform, member }, "?orderby=title&ordersens=ASC");
    expect(titlesOf(asc)).toEqual([...titlesOf(asc)].sort());
    const desc = await listPage({ platform, member }, "?orderby=title&ordersens=DESC");
    expect(titlesOf(desc)).toEqual([...titlesOf(asc)].reverse());
    const unread = await listPage({ platform, member }, "?orderby=readed&ordersens=ASC");
    expect(idsOf(unread).slice(0, 3).sort()).toEqual([6, 7, 8]);
    const hostile = await listPage({ platform, member }, `?orderby=${encodeURIComponent("user_id; drop table users")}&ordersens=sideways&page=-4`);
    expect(hostile.page.query).toMatchObject({ orderby: "date_created", ordersens: "DESC", page: 0 });
    expect(hostile.page.total).toBe(8);
  });

  it("pages 0-based by 20, and shows the last page for a page past the end", async ({ platform, member, pager }) => {
    const first = await listPage({ platform, member }, "", pager);
    expect(first.page).toMatchObject({ total: 45, pages: 3 });
    expect(first.page.rows).toHaveLength(20);
    expect(first.page.rows[0]?.title).toBe("お知らせ 45");
    const last = await listPage({ platform, member }, "?page=2", pager);
    expect(last.page.rows.map((row) => row.title)).toEqual(["お知らせ 05", "お知らせ 04", "お知らせ 03", "お知らせ 02", "お知らせ 01"]);
    const beyond = await listPage({ platform, member }, "?page=99", pager);
    expect(beyond.page.query.page).toBe(2);
    expect(beyond.page.rows).toHaveLength(5);
  });

  it("redirects a URL with empty, unknown or default fields (a form sent without JS) to its short form", async ({ platform, member }) => {
    const sent = "?title=%E7%99%BA%E9%80%81&content=&date_created_from=&date_created_to=&readed=&orderby=date_created&ordersens=DESC&junk=1&remove=3";
    const outcome = await run(platform, mailsPage.loader as RouteHandler, pageRequest(`/user/mails${sent}`, member));
    expectRedirect(outcome, 302, "/user/mails?title=%E7%99%BA%E9%80%81&remove=3");
    const clean = await run(platform, mailsPage.loader as RouteHandler, pageRequest("/user/mails?title=%E7%99%BA%E9%80%81&remove=3", member));
    expect(clean.status).toBe(200);
    expectRedirect(await run(platform, mailsPage.loader as RouteHandler, pageRequest("/user/mails?page=0", member)), 302, "/user/mails");
  });

  it("reads the row to confirm removal from ?remove=", async ({ platform, member }) => {
    expect((await listPage({ platform, member }, "?remove=3")).confirmRemove).toBe(3);
    expect((await listPage({ platform, member }, "?remove=abc")).confirmRemove).toBeNull();
  });
});

describe("opening a mail", () => {
  it("POST /user/mails/read/{id} marks an unread mail read and answers its sanitised content (fetcher)", async ({ platform, member }) => {
    expect(await unreadCount(platform, MEMBER_ID)).toBe(3);
    const outcome = await run(platform, mailRead.action as RouteHandler, postRequest("/user/mails/read/7", {}, { cookie: member }), { id: "7" });
    expect(outcome.status).toBe(200);
    const body = await valueOf<{ ok: boolean; mail: ApiListing["data"][number] }>(outcome);
    expect(body.ok).toBe(true);
    expect(body.mail).toMatchObject({ id: 7, title: "【キャンペーン】2026年 新春キャンペーン開催中！" });
    expect(body.mail.readed).not.toBeNull();
    expect(body.mail.content).toContain('<a rel="nofollow noopener noreferrer" target="_blank" href="/coupon-get/CAMPAIGN2026">');
    expect(await unreadCount(platform, MEMBER_ID)).toBe(2);

    // Opening it again keeps the first read time.
    const again = await valueOf<{ mail: { readed: string } }>(
      await run(platform, mailRead.action as RouteHandler, postRequest("/user/mails/read/7", {}, { cookie: member }), { id: "7" }),
    );
    expect(again.mail.readed).toBe(body.mail.readed);
    expect(await unreadCount(platform, MEMBER_ID)).toBe(2);
  });

  it("redirects a plain form post (no JS) to the detail page", async ({ platform, member }) => {
    const outcome = await run(platform, mailRead.action as RouteHandler, postRequest("/user/mails/read/6", {}, { cookie: member, mode: "navigate" }), {
      id: "6",
    });
    expectRedirect(outcome, 303, "/user/mails/6");
    expect(await unreadCount(platform, MEMBER_ID)).toBe(1);
  });

  it("answers another member's mail with 404 and leaves it unread", async ({ platform, member }) => {
    const outcome = await run(platform, mailRead.action as RouteHandler, postRequest(`/user/mails/read/${OTHERS_MAIL}`, {}, { cookie: member }), {
      id: String(OTHERS_MAIL),
    });
    expect(outcome.status).toBe(404);
    expect(await valueOf(outcome)).toEqual({ error: "お知らせが見つかりません。削除されたか、URLが正しくない可能性があります。" });
    const mail = await platform.db.select().from(notificationMails).where(eq(notificationMails.id, OTHERS_MAIL)).get();
    expect(mail?.readed).toBeNull();
  });

  it("answers malformed ids with 400, guests with 401, and GET with 405", async ({ platform, member }) => {
    for (const id of ["abc", "0", "-1", "1.5", "9999999999"]) {
      const outcome = await run(platform, mailRead.action as RouteHandler, postRequest(`/user/mails/read/${id}`, {}, { cookie: member }), { id });
      expect(outcome.status, id).toBe(400);
    }
    const guest = await run(platform, mailRead.action as RouteHandler, postRequest("/user/mails/read/8", {}), { id: "8" });
    expect(guest.status).toBe(401);
    expect(await valueOf(guest)).toMatchObject({ login_required: true });
    const guestNavigation = await run(platform, mailRead.action as RouteHandler, postRequest("/user/mails/read/8", {}, { mode: "navigate" }), { id: "8" });
    expectRedirect(guestNavigation, 303, /^\/login\?show=1&redirectTo=%2Fuser%2Fmails$/);
    expect((await mailRead.loader()).status).toBe(405);
    const put = await run(platform, mailRead.action as RouteHandler, apiRequest("/user/mails/read/8", { method: "PUT", cookie: member }), { id: "8" });
    expect(put.status).toBe(405);
    expect(await unreadCount(platform, MEMBER_ID)).toBe(1);
  });

  it("the detail page marks an unread mail read, then redirects once to itself so the header counts it", async ({ platform, member }) => {
    const first = await run(platform, mailDetail.loader as RouteHandler, pageRequest("/user/mails/8?from=title%3D%E5%86%8D", member), { id: "8" });
    expectRedirect(first, 302, "/user/mails/8?from=title%3D%E5%86%8D");
    expect(await unreadCount(platform, MEMBER_ID)).toBe(0);
    const second = await run(platform, mailDetail.loader as RouteHandler, pageRequest(location(first) ?? "", member), { id: "8" });
    expect(second.status).toBe(200);
    const page = await valueOf<{ mail: { id: number; title: string; content: string }; back: string }>(second);
    expect(page.mail.id).toBe(8);
    expect(page.mail.content).toContain("再入荷");
    expect(page.back).toBe(`/user/mails?title=${encodeURIComponent("再")}`);
  });

  it("the detail page is 404 for another member's mail, 400 for a malformed id, login for a guest", async ({ platform, member, other }) => {
    const others = await run(platform, mailDetail.loader as RouteHandler, pageRequest(`/user/mails/${OTHERS_MAIL}`, member), { id: String(OTHERS_MAIL) });
    expect(others.status).toBe(404);
    const mine = await run(platform, mailDetail.loader as RouteHandler, pageRequest(`/user/mails/${OTHERS_MAIL}`, other), { id: String(OTHERS_MAIL) });
    expect(mine.status).toBe(302); // the owner opens it: marked read, redirected once
    const malformed = await run(platform, mailDetail.loader as RouteHandler, pageRequest("/user/mails/x", member), { id: "x" });
    expect(malformed.status).toBe(400);
    const guest = await run(platform, mailDetail.loader as RouteHandler, pageRequest("/user/mails/1"), { id: "1" });
    expectRedirect(guest, 302, /^\/login\?/);
  });

  it("sanitises mail HTML: no scripts, handlers or javascript: links", async ({ platform, member }) => {
    const [hostile] = await platform.db
      .insert(notificationMails)
      .values({
        userId: MEMBER_ID,
        title: "テスト",
        content: '<p onclick="steal()">こんにちは<script>alert(1)</script><a href="javascript:alert(1)">リンク</a><img src=x onerror=alert(1)></p>',
        dateCreated: NOW,
        readed: NOW,
      })
      .returning({ id: notificationMails.id });
    const id = String(hostile?.id);
    const page = await valueOf<{ mail: { content: string } }>(
      await run(platform, mailDetail.loader as RouteHandler, pageRequest(`/user/mails/${id}`, member), { id }),
    );
    expect(page.mail.content).toBe("<p>こんにちは<a>リンク</a></p>");
    await platform.db.delete(notificationMails).where(eq(notificationMails.id, Number(id)));
  });
});

describe("GET|POST /api/user/mails (the JSON listing of §7)", () => {
  const get = async ({ platform, member }: AsMember, search: string, cookie = member) =>
    run(platform, mailsApi.loader as RouteHandler, apiRequest(`/api/user/mails${search}`, { method: "GET", cookie, mode: "cors" }));
  const post = async ({ platform, member }: AsMember, fields: [string, string][], cookie = member) =>
    run(platform, mailsApi.action as RouteHandler, postRequest("/api/user/mails", fields, { cookie }));

  it("answers query, inputs, operators, data and detail.pages", async ({ platform, member }) => {
    const outcome = await post({ platform, member }, [
      ["query[page]", "0"],
      ["query[orderby]", "date_created"],
      ["query[ordersens]", "ASC"],
      ["inputs[title]", "注文確認"],
      ["operators[title]", "LIKE"],
    ]);
    expect(outcome.status).toBe(200);
    expect(outcome.response?.headers.get("Content-Type")).toMatch(/application\/json/);
    const body = await valueOf<ApiListing>(outcome);
    expect(body.query).toEqual({ page: 0, orderby: "date_created", ordersens: "ASC" });
    expect(body.inputs).toEqual({ title: "注文確認" });
    expect(body.operators).toEqual({ title: "LIKE" });
    expect(body.detail).toEqual({ pages: 1, total: 3, page_size: 20, paginator: [0] });
    expect(body.data.map((mail) => mail.id)).toEqual([1, 3, 5]);
    expect(Object.keys(body.data[0] ?? {})).toEqual(["id", "title", "content", "date_created", "readed"]);
    expect(body.data[0]?.content).toContain("<h3>ご注文内容</h3>");
    expect(body.data[0]?.date_created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("serves GET with the same parameters, BETWEEN and = included", async ({ platform, member }) => {
    const body = await valueOf<ApiListing>(
      await get(
        { platform, member },
        `?${new URLSearchParams({ "inputs[date_created][from]": "2026-01-01", "inputs[date_created][to]": "2026-01-31", "inputs[readed]": "1", "operators[readed]": "equals" })}`,
      ),
    );
    expect(body.inputs).toEqual({ date_created: { from: "2026-01-01", to: "2026-01-31" }, readed: "1" });
    expect(body.operators).toEqual({ date_created: "BETWEEN", readed: "=" });
    expect(body.data.every((mail) => mail.readed !== null)).toBe(true);
  });

  it("pages with detail.pages and the paginator's pages", async ({ platform, member, pager }) => {
    const body = await valueOf<ApiListing>(await post({ platform, member }, [["query[page]", "1"]], pager));
    expect(body.detail).toEqual({ pages: 3, total: 45, page_size: 20, paginator: [0, 1, 2] });
    expect(body.data).toHaveLength(20);
    expect(body.data[0]?.title).toBe("お知らせ 25");
  });

  it("never lists another member's mails", async ({ platform, member, other }) => {
    const body = await valueOf<ApiListing>(await post({ platform, member }, [], other));
    expect(body.data.map((mail) => mail.id)).toEqual([OTHERS_MAIL]);
  });

  it("answers hostile query values with the defaults, never an error", async ({ platform, member }) => {
    const body = await valueOf<ApiListing>(
      await post({ platform, member }, [
        ["query[page]", "-1"],
        ["query[orderby]", "password_hash"],
        ["query[ordersens]", "DROP"],
        ["inputs[readed]", "1 or 1=1"],
        ["inputs[title]", "x".repeat(5000)],
        ["operators[content]", "<>"],
        ["inputs[user_id]", String(OTHER_ID)],
      ]),
    );
    expect(body.query).toEqual({ page: 0, orderby: "date_created", ordersens: "DESC" });
    expect(body.inputs).toEqual({ title: "x".repeat(100) });
    expect(body.data).toEqual([]);
  });

  it("answers guests with 401 and a body that is not a form with 400", async ({ platform, member }) => {
    expect((await get({ platform, member }, "", "")).status).toBe(401);
    expect((await post({ platform, member }, [], "")).status).toBe(401);
    const json = await run(
      platform,
      mailsApi.action as RouteHandler,
      apiRequest("/api/user/mails", { cookie: member, body: '{"query":', contentType: "application/json", mode: "cors" }),
    );
    expect(json.status).toBe(400);
    const put = await run(platform, mailsApi.action as RouteHandler, apiRequest("/api/user/mails", { method: "PUT", cookie: member, mode: "cors" }));
    expect(put.status).toBe(405);
  });

  it("removes a row by POST id, answering the listing; another member's id is 404; a malformed one 400", async ({ platform, member }) => {
    const [mine] = await platform.db
      .insert(notificationMails)
      .values({ userId: MEMBER_ID, title: "削除テスト", content: "<p>x</p>", dateCreated: NOW })
      .returning({ id: notificationMails.id });
    const id = mine?.id ?? 0;
    const removed = await post({ platform, member }, [
      ["id", String(id)],
      ["inputs[title]", "削除テスト"],
    ]);
    expect(removed.status).toBe(200);
    expect(await valueOf<ApiListing>(removed)).toMatchObject({ removed: id, data: [], detail: { total: 0 } });
    expect(await platform.db.select().from(notificationMails).where(eq(notificationMails.id, id)).get()).toBeUndefined();

    expect((await post({ platform, member }, [["id", String(OTHERS_MAIL)]])).status).toBe(404);
    expect(await platform.db.select().from(notificationMails).where(eq(notificationMails.id, OTHERS_MAIL)).get()).toBeDefined();
    expect((await post({ platform, member }, [["id", "abc"]])).status).toBe(400);
  });
});

describe("removing a row from /user/mails (generic listing removal)", () => {
  const remove = (
    { platform, pager }: { platform: TestPlatform; pager: string },
    fields: Record<string, string>,
    options: { cookie?: string; mode?: "navigate" | "cors" } = {},
  ) => run(platform, mailsPage.action as RouteHandler, postRequest("/user/mails?index", fields, { cookie: pager, ...options }));

  it("without JS: removes and returns to the same view of the list with a notice", async ({ platform, member, pager }) => {
    const target = (await listPage({ platform, member }, "?page=1", pager)).page.rows[0];
    const outcome = await remove({ platform, pager }, { intent: "remove", id: String(target?.id), back: "/user/mails?page=1&remove=1" }, { mode: "navigate" });
    expectRedirect(outcome, 303, "/user/mails?page=1&notice=removed#result");
    expect((await listPage({ platform, member }, "", pager)).page.total).toBe(44);
  });

  it("with JS (Remix's <Form>): redirects the same way, so the list and the header revalidate", async ({ platform, member, pager }) => {
    const target = (await listPage({ platform, member }, "", pager)).page.rows[0];
    const outcome = await remove({ platform, pager }, { intent: "remove", id: String(target?.id), back: "/user/mails?orderby=title" });
    expectRedirect(outcome, 303, "/user/mails?orderby=title&notice=removed#result");
    expect((await listPage({ platform, member }, "", pager)).page.total).toBe(43);
  });

  it("never goes back anywhere but the listing", async ({ platform, member, pager }) => {
    const target = (await listPage({ platform, member }, "", pager)).page.rows[0];
    const outcome = await remove(
      { platform, pager },
      { intent: "remove", id: String(target?.id), back: "https://evil.example/user/mails" },
      { mode: "navigate" },
    );
    expectRedirect(outcome, 303, "/user/mails?notice=removed#result");
  });

  it("refuses another member's mail (404), malformed input (400), and changes nothing", async ({ platform, member, pager }) => {
    const others = await remove({ platform, pager }, { intent: "remove", id: String(OTHERS_MAIL) });
    expect(others.status).toBe(404);
    expect((await remove({ platform, pager }, { intent: "remove", id: "1; delete" })).status).toBe(400);
    expect((await remove({ platform, pager }, { intent: "explode", id: "1" })).status).toBe(400);
    expect((await remove({ platform, pager }, {})).status).toBe(400);
    const json = await run(
      platform,
      mailsPage.action as RouteHandler,
      apiRequest("/user/mails?index", { cookie: pager, body: "{}", contentType: "application/json", mode: "cors" }),
    );
    expect(json.status).toBe(400);
    expect(await platform.db.select().from(notificationMails).where(eq(notificationMails.id, OTHERS_MAIL)).get()).toBeDefined();
    expect((await listPage({ platform, member }, "", pager)).page.total).toBe(42);
  });

  it("sends a guest to the login page", async ({ platform, pager }) => {
    const outcome = await remove({ platform, pager }, { intent: "remove", id: "1" }, { cookie: undefined, mode: "navigate" });
    expect(outcome.status).toBe(302);
    expect(location(outcome)).toMatch(/^\/login\?/);
    expect(
      await platform.db
        .select()
        .from(notificationMails)
        .where(and(eq(notificationMails.id, 1), isNull(notificationMails.readed)))
        .get(),
    ).toBeUndefined();
  });
});
