/**
 * The address book on a real, migrated and seeded local D1: the service's owner checks and default rule,
 * the page actions (no JS and fetchers), the JSON endpoints of spec §7 and the JSON negotiation of
 * GET /user/profile/addresses (through Remix's own request handler). Changes made on a stale page and
 * changes at once: address-changes.test.ts.
 * member@example.jp (id 1) has addresses 1 (default) and 2; other@example.jp (id 3) has address 3.
 */
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect } from "vitest";
import { ADDRESS_FORM_MESSAGES, validateAddress, type AddressInput, type AddressJson } from "~/core/address/address-form";
import { addressChangeFields } from "~/core/address/address-book";
import { ADDRESS_BOOK_LIMIT } from "~/core/limits";
import { negotiateJsonRequest } from "~/core/site/content-negotiation";
import { addresses } from "~/db/schema";
import { MEMBER_ID, OTHER_ID, STAFF_ID } from "~/services/seed/people";
import * as apiUserAddresses from "~/routes/api.user.addresses";
import * as updateAddresses from "~/routes/api.users.update-addresses";
import * as editAddress from "~/routes/user.profile.checkout.editAddress";
import * as validationAddress from "~/routes/user.profile.validationAddress";
import * as addressBook from "~/routes/user.profile.addresses";
import * as deletePage from "~/routes/user.profile.addresses_.$id.delete";
import * as editPage from "~/routes/user.profile.addresses_.$id.edit";
import * as newPage from "~/routes/user.profile.addresses_.new";
import type { AddressFormActionData } from "~/web/types/addresses";
import { changeAddressBook, listAddresses } from "~/services/address/addresses.server";
import { platformTest, type AsMember, type PlatformFixtures, type TestPlatform } from "../support/platform-test";
import { apiRequest, callHandler, contextFor, responseOf, TEST_ORIGIN, type ApiRequestOptions, type DataResult, type RouteHandler } from "../support/requests";
import { remixHandlerFor } from "../support/remix";

const it = platformTest();

/** A complete, valid address as a form posts it. */
const TOKYO: Record<string, string> = {
  lastname: "佐藤",
  firstname: "次郎",
  lastname_jp: "サトウ",
  firstname_jp: "ジロウ",
  postal_code: "100-0001",
  prefecture: "13",
  city: "千代田区",
  district: "千代田",
  address1: "1-1",
  address2: "",
  phone: "03-1234-5678",
  title: "会社",
};

const SEED_ADDRESSES = [
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
    address2: "グリーンハイツ渋谷 301",
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
    address2: "梅田レジデンス 1205",
    phone: "0661234567",
    isDefault: false,
  },
  {
    id: 3,
    userId: OTHER_ID,
    title: "自宅",
    lastname: "鈴木",
    firstname: "一郎",
    lastnameJp: "スズキ",
    firstnameJp: "イチロウ",
    postalCode: "0600001",
    prefecture: 1,
    city: "札幌市中央区",
    district: "北一条西",
    address1: "4-2-2",
    address2: "",
    phone: "08098765432",
    isDefault: true,
  },
];

/** Every test starts from the seeded address book. */
beforeEach<PlatformFixtures>(async ({ platform }) => {
  await platform.db.delete(addresses);
  await platform.db.insert(addresses).values(SEED_ADDRESSES);
});

const rowsOf = (platform: TestPlatform, userId: number) => platform.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
const defaultsOf = async (platform: TestPlatform, userId: number) => (await rowsOf(platform, userId)).filter((row) => row.isDefault).map((row) => row.id);

const respond = (platform: TestPlatform, handler: RouteHandler, request: Request, params: Record<string, string> = {}) =>
  responseOf(platform, handler, request, params);

/** Calls a page action/loader: a thrown or returned Response, or single-fetch data. */
const call = (platform: TestPlatform, handler: RouteHandler, request: Request, params: Record<string, string> = {}) =>
  callHandler(platform, handler, request, params);

const fetchPost = (platform: TestPlatform, handler: RouteHandler, url: string, options: ApiRequestOptions = {}, params: Record<string, string> = {}) =>
  respond(platform, handler, apiRequest(url, { mode: "cors", ...options }), params);

const listFields = (list: Record<string, string | number | boolean>[]): [string, string][] =>
  list.flatMap((entry, index) => Object.entries(entry).map(([key, value]): [string, string] => [`addresses[${index}][${key}]`, String(value)]));

describe("the address service (changeAddressBook)", () => {
  const input: AddressInput = { ...(validateAddress(TOKYO).address as AddressInput), default: false };
  /** The version of the member's address `id` as a page shows it now. */
  const versionOf = async (platform: TestPlatform, userId: number, id: number) =>
    (await listAddresses(platform.db, userId)).find((address) => address.id === id)?.version ?? "";
  const change = (platform: TestPlatform, userId: number, what: Parameters<typeof changeAddressBook>[2]) => changeAddressBook(platform.db, userId, what);

  it("makes a member's first address the default", async ({ platform }) => {
    const added = await change(platform, STAFF_ID, { intent: "add", address: input });
    expect(added).toMatchObject({ ok: true, address: { default: true, city: "千代田区" } });
    const second = await change(platform, STAFF_ID, { intent: "add", address: input });
    expect(second).toMatchObject({ ok: true, address: { default: false } });
    expect((await defaultsOf(platform, STAFF_ID)).length).toBe(1);
  });

  it("moves the default when an added or edited address is marked default", async ({ platform }) => {
    const added = await change(platform, MEMBER_ID, { intent: "add", address: { ...input, default: true } });
    expect(added.ok && added.address?.default).toBe(true);
    expect(await defaultsOf(platform, MEMBER_ID)).toEqual([added.ok ? added.address?.id : -1]);
    await change(platform, MEMBER_ID, { intent: "edit", id: 2, version: await versionOf(platform, MEMBER_ID, 2), address: { ...input, default: true } });
    expect(await defaultsOf(platform, MEMBER_ID)).toEqual([2]);
  });

  it("never unmarks the only default by editing", async ({ platform }) => {
    const edited = await change(platform, MEMBER_ID, { intent: "edit", id: 1, version: await versionOf(platform, MEMBER_ID, 1), address: input });
    expect(edited.ok).toBe(true);
    expect(await defaultsOf(platform, MEMBER_ID)).toEqual([1]);
  });

  it("promotes the oldest remaining address when the default is deleted", async ({ platform }) => {
    const deleted = await change(platform, MEMBER_ID, { intent: "delete", id: 1, version: await versionOf(platform, MEMBER_ID, 1) });
    expect(deleted).toMatchObject({ ok: true, book: { addresses: [{ id: 2, default: true }] } });
    expect(await defaultsOf(platform, MEMBER_ID)).toEqual([2]);
    await change(platform, MEMBER_ID, { intent: "delete", id: 2, version: await versionOf(platform, MEMBER_ID, 2) });
    expect(await rowsOf(platform, MEMBER_ID)).toEqual([]);
  });

  it("treats another member's address as not found and leaves it alone", async ({ platform }) => {
    const foreign = await versionOf(platform, OTHER_ID, 3);
    const refused = [
      await change(platform, MEMBER_ID, { intent: "edit", id: 3, version: foreign, address: input }),
      await change(platform, MEMBER_ID, { intent: "edit", id: 3, version: foreign, address: { ...input, default: true } }),
      await change(platform, MEMBER_ID, { intent: "delete", id: 3, version: foreign }),
      await change(platform, MEMBER_ID, { intent: "set_default", id: 3 }),
    ];
    for (const result of refused) expect(result).toMatchObject({ ok: false, status: 404, error: ADDRESS_FORM_MESSAGES.notFound });
    expect((await rowsOf(platform, OTHER_ID))[0]).toMatchObject({ id: 3, city: "札幌市中央区", isDefault: true });
    expect(await defaultsOf(platform, MEMBER_ID)).toEqual([1]);
    expect(await rowsOf(platform, MEMBER_ID)).toHaveLength(2);
  });

  it("sets the default", async ({ platform }) => {
    expect(await change(platform, MEMBER_ID, { intent: "set_default", id: 2 })).toMatchObject({ ok: true });
    expect(await defaultsOf(platform, MEMBER_ID)).toEqual([2]);
    expect(await defaultsOf(platform, OTHER_ID)).toEqual([3]);
  });

  it(`refuses more than ${ADDRESS_BOOK_LIMIT} addresses`, async ({ platform }) => {
    for (let index = 0; index < ADDRESS_BOOK_LIMIT - 2; index += 1)
      expect((await change(platform, MEMBER_ID, { intent: "add", address: input })).ok).toBe(true);
    expect(await change(platform, MEMBER_ID, { intent: "add", address: input })).toMatchObject({
      ok: false,
      status: 409,
      error: ADDRESS_FORM_MESSAGES.tooMany,
    });
  });
});

describe("GET /user/profile/addresses as JSON", () => {
  it("lists the member's addresses, the default first, with the spec's fields", async ({ platform, member }) => {
    const response = await respond(
      platform,
      apiUserAddresses.loader as RouteHandler,
      apiRequest("/api/user/addresses", { method: "GET", cookie: member, mode: "cors" }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Vary")).toMatch(/Accept/);
    const list = (await response.json()) as AddressJson[];
    expect(list.map((address) => address.id)).toEqual([1, 2]);
    expect(list[0]).toEqual({
      id: 1,
      title: "自宅",
      lastname: "山田",
      firstname: "花子",
      lastname_jp: "ヤマダ",
      firstname_jp: "ハナコ",
      postal_code: "1500002",
      prefecture: 13,
      city: "渋谷区",
      district: "渋谷",
      address1: "2-21-1",
      address2: "グリーンハイツ渋谷 301",
      phone: "09012345678",
      default: true,
      version: expect.stringMatching(/^[0-9a-z]{1,12}$/),
    });
    // The whole book's version, which a list saved as a whole names.
    expect(response.headers.get("ETag")).toMatch(/^"[0-9a-z]{1,12}"$/);
  });

  it("answers a guest 401 JSON", async ({ platform }) => {
    const response = await respond(platform, apiUserAddresses.loader as RouteHandler, apiRequest("/api/user/addresses", { method: "GET", mode: "cors" }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ login_required: true });
  });

  it("the page itself answers HTML callers with its data, and redirects JSON callers to the JSON route (dev server)", async ({ platform, member }) => {
    const page = await call(
      platform,
      addressBook.loader as RouteHandler,
      new Request(`${TEST_ORIGIN}/user/profile/addresses?notice=added`, { headers: { Cookie: member, Accept: "text/html" } }),
    );
    expect(page.returned).toMatchObject({ notice: "お届け先を追加しました。" });
    expect((page.returned as { addresses: AddressJson[] }).addresses).toHaveLength(2);
    const json = await call(
      platform,
      addressBook.loader as RouteHandler,
      new Request(`${TEST_ORIGIN}/user/profile/addresses`, { headers: { Cookie: member, Accept: "application/json" } }),
    );
    expect((json.thrown as Response).headers.get("Location")).toBe("/api/user/addresses");
  });

  describe("through Remix's request handler, as the Worker entry negotiates", () => {
    const modules: Record<string, unknown> = {
      ...import.meta.glob(["../../app/routes/api.user.addresses.ts", "../../app/routes/user.profile.*.ts"], { eager: true }),
      // The React page is stood in for: only which route answers matters here.
      "../../app/routes/user.profile.addresses.tsx": { loader: () => new Response("the address page") },
    };
    const { handle } = remixHandlerFor(modules);
    const get = ({ platform, member }: AsMember, headers: Record<string, string>) =>
      handle(negotiateJsonRequest(new Request(`${TEST_ORIGIN}/user/profile/addresses`, { headers: { Cookie: member, ...headers } })), contextFor(platform));

    it("serves the JSON list for Accept: application/json and X-Requested-With", async ({ platform, member }) => {
      const variants: Record<string, string>[] = [{ Accept: "application/json" }, { "X-Requested-With": "XMLHttpRequest" }];
      for (const headers of variants) {
        const response = await get({ platform, member }, headers);
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
        expect(((await response.json()) as AddressJson[]).map((address) => address.id)).toEqual([1, 2]);
      }
    });

    it("routes a browser's request to the page", async ({ platform, member }) => {
      const response = await get({ platform, member }, { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
      expect(response.headers.get("Content-Type") ?? "").not.toMatch(/application\/json/);
      expect(await response.text()).not.toMatch(/^\[/);
    });
  });
});

describe("POST /user/profile/validationAddress", () => {
  const validate = (platform: TestPlatform, fields: Record<string, string>) =>
    fetchPost(platform, validationAddress.action as RouteHandler, "/user/profile/validationAddress", { fields });

  it("answers valide: true with no errors for a valid address", async ({ platform }) => {
    const response = await validate(platform, TOKYO);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ form: { errors: {} }, valide: true });
  });

  it("answers the field messages and valide: false", async ({ platform }) => {
    const response = await validate(platform, { ...TOKYO, lastname_jp: "佐藤", postal_code: "123", phone: "12", city: "" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      form: {
        errors: {
          lastname_jp: ["全角カタカナで入力してください"],
          postal_code: [ADDRESS_FORM_MESSAGES.postalCode],
          city: [ADDRESS_FORM_MESSAGES.city],
          phone: [ADDRESS_FORM_MESSAGES.phone],
        },
      },
      valide: false,
    });
  });

  it("answers a body that is not a form with 400 and GET with 405", async ({ platform }) => {
    const json = await fetchPost(platform, validationAddress.action as RouteHandler, "/user/profile/validationAddress", {
      body: "{",
      contentType: "application/json",
    });
    expect(json.status).toBe(400);
    expect(validationAddress.loader().status).toBe(405);
  });
});

describe("the change endpoints (editAddress, update-addresses)", () => {
  const edit = ({ platform, member }: AsMember, fields: [string, string][] | Record<string, string>, cookie = member) =>
    fetchPost(platform, editAddress.action as RouteHandler, "/user/profile/checkout/editAddress", { cookie, fields });
  type Answer = { addresses: AddressJson[]; version: string; address: AddressJson | null; error?: string };
  const book = (platform: TestPlatform) => listAddresses(platform.db, MEMBER_ID);
  const bookVersion = async ({ platform, member }: AsMember) => {
    const response = await respond(platform, apiUserAddresses.loader as RouteHandler, apiRequest("/api/user/addresses", { method: "GET", cookie: member }));
    return (response.headers.get("ETag") ?? "").replaceAll('"', "");
  };

  it("adds, edits and deletes one address per post, each naming its address, and answers the book and its version", async ({ platform, member }) => {
    const added = await edit({ platform, member }, { intent: "add", ...TOKYO, default: "1" });
    expect(added.status).toBe(200);
    const afterAdd = (await added.json()) as Answer;
    expect(afterAdd.address).toMatchObject({ lastname: "佐藤", postal_code: "1000001", phone: "0312345678", prefecture: 13, default: true });
    expect(afterAdd.addresses.map((address) => address.id)).toEqual([afterAdd.address?.id, 1, 2]); // the default first
    expect(afterAdd.version).toBe(await bookVersion({ platform, member }));

    const osaka = afterAdd.addresses.find((address) => address.id === 2)!;
    const edited = (await (await edit({ platform, member }, { intent: "edit", id: "2", version: osaka.version, ...TOKYO, city: "新宿区" })).json()) as Answer;
    expect(edited.address).toMatchObject({ id: 2, city: "新宿区", default: false });
    expect((await rowsOf(platform, MEMBER_ID)).map((row) => row.city)).toEqual(["渋谷区", "新宿区", "千代田区"]);

    const deleted = await edit({ platform, member }, { intent: "delete", id: "1", version: edited.addresses.find((address) => address.id === 1)!.version });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as Answer).addresses.map((address) => address.id)).toEqual([afterAdd.address?.id, 2]);
    expect(await rowsOf(platform, OTHER_ID)).toHaveLength(1);
  });

  it("saves the spec's form-encoded list over the book it was shown: replaces, adds and deletes, one default", async ({ platform, member }) => {
    const fields: [string, string][] = [
      ["version", await bookVersion({ platform, member })],
      ...listFields([
        { ...TOKYO, id: 2, city: "新宿区", default: "1" },
        { ...TOKYO, lastname: "高橋" },
      ]),
    ];
    const response = await edit({ platform, member }, fields);
    expect(response.status).toBe(200);
    const { addresses: saved } = (await response.json()) as Answer;
    expect(saved.map((address) => [address.id, address.lastname, address.city, address.default])).toEqual([
      [2, "佐藤", "新宿区", true],
      [saved[1]?.id, "高橋", "千代田区", false],
    ]);
    expect(saved[1]?.id).toBeGreaterThan(3);
    expect(saved[0]).toMatchObject({ postal_code: "1000001", phone: "0312345678", prefecture: 13 });
    expect((await rowsOf(platform, MEMBER_ID)).map((row) => row.id)).toEqual([2, saved[1]?.id]); // address 1 was shown and left out: deleted
    expect(await rowsOf(platform, OTHER_ID)).toHaveLength(1);
  });

  it("accepts the list as JSON text in an `addresses` field, and makes the first the default when none is", async ({ platform, member }) => {
    const response = await edit(
      { platform, member },
      {
        version: await bookVersion({ platform, member }),
        addresses: JSON.stringify([
          { ...TOKYO, id: 1, default: false },
          { ...TOKYO, id: 2 },
        ]),
      },
    );
    expect(response.status).toBe(200);
    expect(await defaultsOf(platform, MEMBER_ID)).toEqual([1]);
  });

  it("answers another member's address id with 404 and changes nothing", async ({ platform, member }) => {
    const foreign = (await listAddresses(platform.db, OTHER_ID))[0]!;
    for (const fields of [
      [["version", await bookVersion({ platform, member })], ...listFields([{ ...TOKYO, id: 3 }])] as [string, string][],
      { intent: "edit", id: "3", version: foreign.version, ...TOKYO },
      { intent: "delete", id: "3", version: foreign.version },
    ]) {
      const response = await edit({ platform, member }, fields);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: ADDRESS_FORM_MESSAGES.notFound });
    }
    expect((await rowsOf(platform, MEMBER_ID)).map((row) => row.id)).toEqual([1, 2]);
    expect((await rowsOf(platform, OTHER_ID))[0]?.city).toBe("札幌市中央区");
  });

  it("answers invalid fields with 400 and their messages (keyed by position in a list)", async ({ platform, member }) => {
    const list = await edit({ platform, member }, [
      ["version", await bookVersion({ platform, member })],
      ...listFields([
        { ...TOKYO, id: 1 },
        { ...TOKYO, phone: "abc", firstname_jp: "じろう" },
      ]),
    ]);
    expect(list.status).toBe(400);
    expect(await list.json()).toEqual({
      error: ADDRESS_FORM_MESSAGES.check,
      form: { errors: { "addresses[1].phone": [ADDRESS_FORM_MESSAGES.phone] } },
      valide: false,
    });
    const one = await edit({ platform, member }, { intent: "add", ...TOKYO, phone: "abc" });
    expect(one.status).toBe(400);
    expect(await one.json()).toEqual({ error: ADDRESS_FORM_MESSAGES.check, form: { errors: { phone: [ADDRESS_FORM_MESSAGES.phone] } }, valide: false });
    expect(await book(platform)).toHaveLength(2);
    expect((await rowsOf(platform, MEMBER_ID))[0]?.city).toBe("渋谷区");
  });

  it(`answers more than ${ADDRESS_BOOK_LIMIT} entries with 400`, async ({ platform, member }) => {
    const response = await edit(
      { platform, member },
      { version: await bookVersion({ platform, member }), addresses: JSON.stringify(Array.from({ length: ADDRESS_BOOK_LIMIT + 1 }, () => TOKYO)) },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: ADDRESS_FORM_MESSAGES.tooMany });
  });

  it("answers a guest 401, a plain form post by a guest with the login page", async ({ platform }) => {
    const add = { intent: "add", ...TOKYO };
    expect((await fetchPost(platform, editAddress.action as RouteHandler, "/user/profile/checkout/editAddress", { fields: add })).status).toBe(401);
    const navigation = await respond(
      platform,
      editAddress.action as RouteHandler,
      apiRequest("/user/profile/checkout/editAddress", { fields: add, mode: "navigate" }),
    );
    expect(navigation.status).toBe(303);
    expect(navigation.headers.get("Location")).toMatch(/^\/login\?/);
  });

  it("POST /api/users/update-addresses takes JSON and form bodies and answers { addresses }", async ({ platform, member }) => {
    const saved = (await book(platform))[0]!;
    const json = await fetchPost(platform, updateAddresses.action as RouteHandler, "/api/users/update-addresses", {
      cookie: member,
      body: JSON.stringify({ intent: "edit", id: 1, version: saved.version, ...TOKYO, prefecture: 13, default: true }),
      contentType: "application/json",
    });
    expect(json.status).toBe(200);
    expect(((await json.json()) as Answer).addresses).toMatchObject([{ id: 1, city: "千代田区", default: true }, { id: 2 }]);
    const list = await fetchPost(platform, updateAddresses.action as RouteHandler, "/api/users/update-addresses", {
      cookie: member,
      body: JSON.stringify({ version: await bookVersion({ platform, member }), addresses: [{ ...TOKYO, id: 1 }, TOKYO] }),
      contentType: "application/json",
    });
    expect(((await list.json()) as Answer).addresses).toHaveLength(2);
    const form = await fetchPost(platform, updateAddresses.action as RouteHandler, "/api/users/update-addresses", {
      cookie: member,
      fields: { version: await bookVersion({ platform, member }), addresses: JSON.stringify([{ ...TOKYO, id: 1 }]) },
    });
    expect(((await form.json()) as Answer).addresses).toHaveLength(1);
  });

  it("answers malformed input with 400, never 500", async ({ platform, member }) => {
    const bodies: ApiRequestOptions[] = [
      { body: "{not json", contentType: "application/json" },
      { body: '"a string"', contentType: "application/json" },
      { body: "[1,2]", contentType: "application/json" },
      { body: '[{"city":["x"]}]', contentType: "application/json" },
      { body: '{"intent":"delete","id":{"x":1}}', contentType: "application/json" },
      { body: "\u0000\u0001garbage", contentType: "application/octet-stream" },
      { fields: { addresses: "not json" } },
      { fields: [["addresses[5][city]", "hole"]] },
      { fields: { addresses: JSON.stringify([{ id: "abc" }]) } },
      { fields: { addresses: JSON.stringify([{ ...TOKYO, id: 99999999999 }]) } },
      { fields: { intent: "explode" } },
      { fields: { intent: "delete", id: "abc", version: "x" } },
      { fields: { intent: "edit", id: "1", version: "NOT A VERSION", ...TOKYO } },
    ];
    for (const options of bodies) {
      for (const [handler, url] of [
        [editAddress.action, "/user/profile/checkout/editAddress"],
        [updateAddresses.action, "/api/users/update-addresses"],
      ] as const) {
        const response = await fetchPost(platform, handler as RouteHandler, url, { cookie: member, ...options });
        expect(response.status, `${url} ${JSON.stringify(options)}`).toBe(400);
      }
    }
    expect((await rowsOf(platform, MEMBER_ID)).map((row) => row.id)).toEqual([1, 2]);
    expect(editAddress.loader().status).toBe(405);
  });
});

describe("the address pages without JS", () => {
  const post = (
    { platform, member }: AsMember,
    handler: RouteHandler,
    url: string,
    fields: Record<string, string>,
    params: Record<string, string> = {},
    cookie = member,
  ) => call(platform, handler, apiRequest(url, { cookie, fields, mode: "navigate" }), params);

  it("adds an address from /user/profile/addresses/new and goes back to the list (303)", async ({ platform, member }) => {
    const { thrown } = await post({ platform, member }, newPage.action as RouteHandler, "/user/profile/addresses/new", { ...TOKYO, intent: "save" });
    expect((thrown as Response).status).toBe(303);
    expect((thrown as Response).headers.get("Location")).toBe("/user/profile/addresses?notice=added#result");
    const rows = await rowsOf(platform, MEMBER_ID);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ lastname: "佐藤", postalCode: "1000001", prefecture: 13, phone: "0312345678", isDefault: false });
  });

  it("goes back to a same-site redirectTo (the checkout, naming the address it added), never elsewhere", async ({ platform, member }) => {
    const back = await post({ platform, member }, newPage.action as RouteHandler, "/user/profile/addresses/new", { ...TOKYO, redirectTo: "/checkout" });
    const added = (await rowsOf(platform, MEMBER_ID)).at(-1)!;
    expect((back.thrown as Response).headers.get("Location")).toBe(`/checkout?addressId=${added.id}`);
    const evil = await post({ platform, member }, newPage.action as RouteHandler, "/user/profile/addresses/new", { ...TOKYO, redirectTo: "//evil.example" });
    expect((evil.thrown as Response).headers.get("Location")).toBe("/user/profile/addresses?notice=added#result");
  });

  it("re-renders the form with the field messages for invalid input (400), saving nothing", async ({ platform, member }) => {
    const { returned } = await post({ platform, member }, newPage.action as RouteHandler, "/user/profile/addresses/new", {
      ...TOKYO,
      phone: "abc",
      lastname: "",
    });
    const result = returned as DataResult<AddressFormActionData>;
    expect(result.init?.status).toBe(400);
    expect(result.data.lastResult.error).toMatchObject({ phone: [ADDRESS_FORM_MESSAGES.phone], lastname: ["姓を入力してください"] });
    expect(await rowsOf(platform, MEMBER_ID)).toHaveLength(2);
  });

  it("edits an address of the member's own, and 404s another member's (page and action)", async ({ platform, member }) => {
    const loaded = await call(platform, editPage.loader as RouteHandler, apiRequest("/user/profile/addresses/2/edit", { method: "GET", cookie: member }), {
      id: "2",
    });
    expect(loaded.returned).toMatchObject({ address: { id: 2, city: "大阪市北区" } });
    const version = (loaded.returned as { address: AddressJson }).address.version;
    const saved = await post(
      { platform, member },
      editPage.action as RouteHandler,
      "/user/profile/addresses/2/edit",
      { ...TOKYO, city: "港区", version },
      { id: "2" },
    );
    expect((saved.thrown as Response).headers.get("Location")).toBe("/user/profile/addresses?notice=updated#result");
    expect((await rowsOf(platform, MEMBER_ID))[1]).toMatchObject({ id: 2, city: "港区" });

    const foreignPage = await call(platform, editPage.loader as RouteHandler, apiRequest("/user/profile/addresses/3/edit", { method: "GET", cookie: member }), {
      id: "3",
    });
    expect((foreignPage.thrown as Response).status).toBe(404);
    const foreignVersion = (await listAddresses(platform.db, OTHER_ID))[0]!.version;
    const foreignSave = await post(
      { platform, member },
      editPage.action as RouteHandler,
      "/user/profile/addresses/3/edit",
      { ...TOKYO, version: foreignVersion },
      { id: "3" },
    );
    expect((foreignSave.thrown as Response).status).toBe(404);
    const badId = await call(platform, editPage.loader as RouteHandler, apiRequest("/user/profile/addresses/x/edit", { method: "GET", cookie: member }), {
      id: "x",
    });
    expect((badId.thrown as Response).status).toBe(404);
    expect((await rowsOf(platform, OTHER_ID))[0]?.city).toBe("札幌市中央区");
  });

  it("deletes after the confirmation page, and 404s another member's address", async ({ platform, member }) => {
    const confirm = await call(platform, deletePage.loader as RouteHandler, apiRequest("/user/profile/addresses/1/delete", { method: "GET", cookie: member }), {
      id: "1",
    });
    expect(confirm.returned).toMatchObject({ address: { id: 1 } });
    const version = (confirm.returned as { address: AddressJson }).address.version;
    const deleted = await post({ platform, member }, deletePage.action as RouteHandler, "/user/profile/addresses/1/delete", { version }, { id: "1" });
    expect((deleted.thrown as Response).headers.get("Location")).toBe("/user/profile/addresses?notice=deleted#result");
    expect(await defaultsOf(platform, MEMBER_ID)).toEqual([2]);

    const foreignVersion = (await listAddresses(platform.db, OTHER_ID))[0]!.version;
    const foreign = await post(
      { platform, member },
      deletePage.action as RouteHandler,
      "/user/profile/addresses/3/delete",
      { version: foreignVersion },
      { id: "3" },
    );
    expect((foreign.thrown as Response).status).toBe(404);
    const foreignConfirm = await call(
      platform,
      deletePage.loader as RouteHandler,
      apiRequest("/user/profile/addresses/3/delete", { method: "GET", cookie: member }),
      { id: "3" },
    );
    expect((foreignConfirm.thrown as Response).status).toBe(404);
    expect(await rowsOf(platform, OTHER_ID)).toHaveLength(1);
  });

  it("sends a guest to the login page", async ({ platform }) => {
    const { thrown } = await call(platform, newPage.loader as RouteHandler, apiRequest("/user/profile/addresses/new", { method: "GET" }));
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login\?/);
  });

  it("makes an address the default from the list (303)", async ({ platform, member }) => {
    const { thrown } = await post({ platform, member }, addressBook.action as RouteHandler, "/user/profile/addresses", { intent: "set_default", id: "2" });
    expect((thrown as Response).headers.get("Location")).toBe("/user/profile/addresses?notice=default#result");
    expect(await defaultsOf(platform, MEMBER_ID)).toEqual([2]);
  });
});

describe("the address page with JS (fetchers)", () => {
  const act = ({ platform, member }: AsMember, fields: Record<string, string>, cookie = member) =>
    call(platform, addressBook.action as RouteHandler, apiRequest("/user/profile/addresses", { cookie, fields, mode: "cors" }));

  it("adds and edits one address per post (intent add / edit with id and version), as the modal editor sends them", async ({ platform, member }) => {
    const current = await listAddresses(platform.db, MEMBER_ID);
    const osaka = current.find((address) => address.id === 2)!;
    const edited = await act({ platform, member }, addressChangeFields({ intent: "edit", id: 2, version: osaka.version, address: { ...osaka, city: "堺市" } }));
    expect((edited.returned as DataResult<unknown>).data).toEqual({ ok: true, intent: "edit" });
    const address = { ...(validateAddress(TOKYO).address as AddressInput), default: true };
    const added = await act({ platform, member }, addressChangeFields({ intent: "add", address }));
    expect((added.returned as DataResult<unknown>).data).toEqual({ ok: true, intent: "add" });
    expect((await listAddresses(platform.db, MEMBER_ID)).map((saved) => [saved.city, saved.default])).toEqual([
      ["千代田区", true],
      ["渋谷区", false],
      ["堺市", false],
    ]);
  });

  it("deletes and sets the default, answering JSON; another member's id is 404", async ({ platform, member }) => {
    const version = (await listAddresses(platform.db, MEMBER_ID)).find((address) => address.id === 2)!.version;
    const deleted = (await act({ platform, member }, { intent: "delete", id: "2", version })).returned as DataResult<{ ok: boolean }>;
    expect(deleted.data).toEqual({ ok: true, intent: "delete" });
    const foreignVersion = (await listAddresses(platform.db, OTHER_ID))[0]!.version;
    const foreign = (await act({ platform, member }, { intent: "delete", id: "3", version: foreignVersion })).returned as DataResult<{ ok: boolean }>;
    expect(foreign.init?.status).toBe(404);
    const foreignDefault = (await act({ platform, member }, { intent: "set_default", id: "3" })).returned as DataResult<{ ok: boolean }>;
    expect(foreignDefault.init?.status).toBe(404);
    expect(await rowsOf(platform, OTHER_ID)).toHaveLength(1);
    expect((await rowsOf(platform, MEMBER_ID)).map((row) => row.id)).toEqual([1]);
  });

  it("answers malformed changes and unknown intents with 400", async ({ platform, member }) => {
    const malformed: Record<string, string>[] = [
      { intent: "save_list", addresses: "[" },
      { intent: "save_list", addresses: "[]" }, // a list without the version of the book shown
      { intent: "save_list" },
      { intent: "explode" },
      { intent: "delete", id: "abc" },
      { intent: "delete", id: "1" }, // no version
      {},
    ];
    for (const fields of malformed) {
      const { returned } = await act({ platform, member }, fields);
      expect((returned as DataResult<unknown>).init?.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await rowsOf(platform, MEMBER_ID)).toHaveLength(2);
  });

  it("keeps another member's book separate", async ({ platform, member, other }) => {
    const { returned } = await act({ platform, member }, { intent: "add", ...TOKYO }, other);
    expect((returned as DataResult<{ ok: boolean }>).data.ok).toBe(true);
    expect((await rowsOf(platform, OTHER_ID)).map((row) => row.city)).toEqual(["札幌市中央区", "千代田区"]);
    expect(await rowsOf(platform, MEMBER_ID)).toHaveLength(2);
  });
});
