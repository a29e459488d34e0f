/**
 * Saving the address book never deletes or overwrites what the page did not show (issue 34 item 2): each
 * change names the address it changes and the version the page showed; a list saved as a whole names the
 * book's version; a body that names no change changes nothing. Pages loaded before another tab's change,
 * and changes sent at once (Promise.all), on a real local D1 through the routes' actions.
 * member@example.jp (id 1) starts with addresses 1 (default) and 2.
 */
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect } from "vitest";
import { ADDRESS_FORM_MESSAGES, type AddressJson } from "~/core/address/address-form";
import { ADDRESS_BOOK_LIMIT } from "~/core/limits";
import { addresses } from "~/db/schema";
import { MEMBER_ID } from "~/services/seed/people";
import * as apiUserAddresses from "~/routes/api.user.addresses";
import * as updateAddresses from "~/routes/api.users.update-addresses";
import * as editAddress from "~/routes/user.profile.checkout.editAddress";
import * as deletePage from "~/routes/user.profile.addresses_.$id.delete";
import * as editPage from "~/routes/user.profile.addresses_.$id.edit";
import * as newPage from "~/routes/user.profile.addresses_.new";
import type { AddressFormActionData } from "~/web/types/addresses";
import { platformTest, type AsMember, type TestPlatform } from "../support/platform-test";
import { apiRequest, callHandler, responseOf, type ApiRequestOptions, type DataResult, type RouteHandler } from "../support/requests";

const it = platformTest();

/** A complete, valid address as a form posts it. */
const TOKYO: Record<string, string> = {
  lastname: "佐藤",
  firstname: "次郎",
  lastname_jp: "サトウ",
  firstname_jp: "ジロウ",
  postal_code: "1000001",
  prefecture: "13",
  city: "千代田区",
  district: "千代田",
  address1: "1-1",
  phone: "0312345678",
};

/** The member's two addresses every test starts from (as the demo seed has them). */
const MEMBER_ADDRESSES: (typeof addresses.$inferInsert)[] = [
  {
    id: 1,
    userId: MEMBER_ID,
    title: "自宅",
    lastname: "山田",
    firstname: "花子",
    lastnameJp: "ヤマダ",
    firstnameJp: "ハナコ",
    postalCode: "1500002",
    prefecture: 13,
    city: "渋谷区",
    district: "渋谷",
    address1: "2-21-1",
    phone: "09012345678",
    isDefault: true,
  },
  {
    id: 2,
    userId: MEMBER_ID,
    title: "実家",
    lastname: "山田",
    firstname: "太郎",
    lastnameJp: "ヤマダ",
    firstnameJp: "タロウ",
    postalCode: "5300001",
    prefecture: 27,
    city: "大阪市北区",
    district: "梅田",
    address1: "1-1-3",
    phone: "0661234567",
    isDefault: false,
  },
];

beforeEach<{ platform: TestPlatform }>(async ({ platform }) => {
  await platform.db.delete(addresses).where(eq(addresses.userId, MEMBER_ID));
  await platform.db.insert(addresses).values(MEMBER_ADDRESSES);
});

const rows = (platform: TestPlatform) => platform.db.select().from(addresses).where(eq(addresses.userId, MEMBER_ID)).orderBy(asc(addresses.id));

/** The book as a page loaded now shows it: the addresses with their versions, and the book's version. */
async function pageOf({ platform, member }: AsMember) {
  const response = await responseOf(platform, apiUserAddresses.loader as RouteHandler, apiRequest("/api/user/addresses", { method: "GET", cookie: member }));
  const list = (await response.json()) as AddressJson[];
  return { list, version: (response.headers.get("ETag") ?? "").replaceAll('"', ""), address: (id: number) => list.find((address) => address.id === id)! };
}

/** POST to one of the spec's change endpoints as the checkout's modal (a fetch). */
const send = ({ platform, member }: AsMember, options: ApiRequestOptions, url = "/user/profile/checkout/editAddress") =>
  responseOf(
    platform,
    (url === "/user/profile/checkout/editAddress" ? editAddress.action : updateAddresses.action) as RouteHandler,
    apiRequest(url, { cookie: member, mode: "cors", ...options }),
  );

/** Another tab or device adds an address through the plain add page. */
async function addElsewhere({ platform, member }: AsMember, lastname: string) {
  await callHandler(
    platform,
    newPage.action as RouteHandler,
    apiRequest("/user/profile/addresses/new", { cookie: member, fields: { ...TOKYO, lastname }, mode: "navigate" }),
  );
}

const listFields = (list: Record<string, string | number | boolean>[]): [string, string][] =>
  list.flatMap((entry, index) => Object.entries(entry).map(([key, value]): [string, string] => [`addresses[${index}][${key}]`, String(value)]));

describe("a body that names no change", () => {
  it("changes nothing and is answered 400, at both endpoints, as a form or JSON", async ({ platform, member }) => {
    const bodies: ApiRequestOptions[] = [{ fields: {} }, { fields: { title: "x" } }, { body: "{}", contentType: "application/json" }, { body: "" }];
    for (const url of ["/api/users/update-addresses", "/user/profile/checkout/editAddress"]) {
      for (const options of bodies) {
        const response = await send({ platform, member }, options, url);
        expect(response.status, `${url} ${JSON.stringify(options)}`).toBe(400);
      }
    }
    expect((await rows(platform)).map((row) => row.id)).toEqual([1, 2]);
  });
});

describe("an address added in another tab", () => {
  it("survives an edit sent from a page loaded before it: the edit names only its own address", async ({ platform, member }) => {
    const page = await pageOf({ platform, member });
    await addElsewhere({ platform, member }, "別タブ");
    const response = await send({ platform, member }, { fields: { intent: "edit", id: "2", version: page.address(2).version, ...TOKYO, city: "堺市" } });
    expect(response.status).toBe(200);
    expect((await rows(platform)).map((row) => [row.lastname, row.city])).toEqual([
      ["山田", "渋谷区"],
      ["佐藤", "堺市"],
      ["別タブ", "千代田区"],
    ]);
  });

  it("survives a whole list posted from a page loaded before it: no version 400, the stale version 409, nothing deleted", async ({ platform, member }) => {
    const page = await pageOf({ platform, member });
    await addElsewhere({ platform, member }, "別タブ");
    const shown = page.list.map(({ version: _version, ...address }) => address);
    const withoutVersion = await send({ platform, member }, { fields: listFields(shown) }, "/api/users/update-addresses");
    expect(withoutVersion.status).toBe(400);
    expect(await withoutVersion.json()).toEqual({ error: ADDRESS_FORM_MESSAGES.listVersionRequired });
    const stale = await send({ platform, member }, { fields: [["version", page.version], ...listFields(shown)] });
    expect(stale.status).toBe(409);
    const answer = (await stale.json()) as { error: string; addresses: AddressJson[]; version: string };
    expect(answer.error).toBe(ADDRESS_FORM_MESSAGES.listStale);
    // The book as it now is comes back, so the page can show it.
    expect(answer.addresses.map((address) => address.lastname)).toEqual(["山田", "山田", "別タブ"]);
    expect(await rows(platform)).toHaveLength(3);
  });
});

describe("an address changed in another tab", () => {
  it("is not overwritten by an edit from a page that showed it before (409, the book as it is now comes back)", async ({ platform, member }) => {
    const page = await pageOf({ platform, member });
    const otherTab = await send({ platform, member }, { fields: { intent: "edit", id: "2", version: page.address(2).version, ...TOKYO, city: "別タブの区" } });
    expect(otherTab.status).toBe(200);
    const stale = await send({ platform, member }, { fields: { intent: "edit", id: "2", version: page.address(2).version, ...TOKYO, city: "古い画面の区" } });
    expect(stale.status).toBe(409);
    const answer = (await stale.json()) as { error: string; addresses: AddressJson[] };
    expect(answer.error).toBe(ADDRESS_FORM_MESSAGES.stale);
    expect(answer.addresses.find((address) => address.id === 2)?.city).toBe("別タブの区");
    expect((await rows(platform))[1]?.city).toBe("別タブの区");
  });

  it("is not deleted from a page that showed it before; making another address the default changes no address's version", async ({ platform, member }) => {
    const page = await pageOf({ platform, member });
    await send({ platform, member }, { fields: { intent: "set_default", id: "2" } });
    await send({ platform, member }, { fields: { intent: "edit", id: "1", version: page.address(1).version, ...TOKYO, city: "別タブの区" } });
    const stale = await send({ platform, member }, { fields: { intent: "delete", id: "1", version: page.address(1).version } });
    expect(stale.status).toBe(409);
    const current = await send({ platform, member }, { fields: { intent: "delete", id: "2", version: page.address(2).version } });
    expect(current.status).toBe(200);
    expect((await rows(platform)).map((row) => [row.id, row.city, row.isDefault])).toEqual([[1, "別タブの区", true]]);
  });

  it("is not overwritten or deleted through the plain edit and delete pages (no JS): the page says so and keeps what was typed", async ({
    platform,
    member,
  }) => {
    const shown = (await pageOf({ platform, member })).address(2).version;
    await send({ platform, member }, { fields: { intent: "edit", id: "2", version: shown, ...TOKYO, city: "別タブの区" } });
    const plain = (handler: unknown, path: string, fields: Record<string, string>) =>
      callHandler(platform, handler as RouteHandler, apiRequest(path, { cookie: member, fields, mode: "navigate" }), { id: "2" });

    const edit = await plain(editPage.action, "/user/profile/addresses/2/edit", { ...TOKYO, city: "古い画面の区", version: shown });
    const reply = edit.returned as DataResult<AddressFormActionData>;
    expect(reply.init?.status).toBe(409);
    expect(reply.data.lastResult.error?.[""]).toEqual([ADDRESS_FORM_MESSAGES.stale]);
    expect(reply.data.lastResult.initialValue).toMatchObject({ city: "古い画面の区" });

    const deleted = await plain(deletePage.action, "/user/profile/addresses/2/delete", { version: shown });
    expect((deleted.returned as DataResult<{ error: string }>).init?.status).toBe(409);
    expect((await rows(platform)).map((row) => row.city)).toEqual(["渋谷区", "別タブの区"]);
  });
});

describe("changes sent at once (Promise.all)", () => {
  it("two edits of one address shown with the same version: one is saved, the other refused, nothing mixed", async ({ platform, member }) => {
    const version = (await pageOf({ platform, member })).address(2).version;
    const cities = ["一の区", "二の区", "三の区"];
    const responses = await Promise.all(cities.map((city) => send({ platform, member }, { fields: { intent: "edit", id: "2", version, ...TOKYO, city } })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(cities.length - 1);
    expect((await rows(platform))[1]?.city).toBe(cities[statuses.indexOf(200)]);
  });

  it("an edit and a delete of one address: exactly one applies", async ({ platform, member }) => {
    const version = (await pageOf({ platform, member })).address(2).version;
    const [edit, remove] = await Promise.all([
      send({ platform, member }, { fields: { intent: "edit", id: "2", version, ...TOKYO, city: "編集の区" } }),
      send({ platform, member }, { fields: { intent: "delete", id: "2", version } }),
    ]);
    // The edit first: the delete names a version gone (409). The delete first: the edit's address is gone (404).
    expect([edit.status, remove.status]).toEqual(edit.status === 200 ? [200, 409] : [404, 200]);
    const left = (await rows(platform)).filter((row) => row.id === 2);
    expect(left).toEqual(edit.status === 200 ? [expect.objectContaining({ city: "編集の区" })] : []);
  });

  it("two whole lists saved over the same book: one replaces it, the other is refused", async ({ platform, member }) => {
    const page = await pageOf({ platform, member });
    const shown = page.list.map(({ version: _version, ...address }) => address);
    const [first, second] = await Promise.all(
      ["一つ目", "二つ目"].map((lastname) =>
        send({ platform, member }, { fields: [["version", page.version], ...listFields([...shown, { ...TOKYO, lastname }])] }, "/api/users/update-addresses"),
      ),
    );
    expect([first!.status, second!.status].sort()).toEqual([200, 409]);
    expect((await rows(platform)).map((row) => row.lastname)).toEqual(["山田", "山田", first!.status === 200 ? "一つ目" : "二つ目"]);
  });

  it(`adds at once never pass ${ADDRESS_BOOK_LIMIT} addresses, and every add that fits is kept`, async ({ platform, member }) => {
    for (let index = 2; index < ADDRESS_BOOK_LIMIT - 2; index += 1) await addElsewhere({ platform, member }, `既存${index}`);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) => send({ platform, member }, { fields: { intent: "add", ...TOKYO, lastname: `同時${index}` } })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    expect(await rows(platform)).toHaveLength(ADDRESS_BOOK_LIMIT);
  });
});
