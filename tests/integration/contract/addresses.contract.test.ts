/**
 * Spec §7 "Addresses": GET /user/profile/addresses (a list of addresses, for a JSON caller), POST
 * /user/profile/validationAddress (form-encoded address fields → form (errors) and valide), POST
 * /user/profile/checkout/editAddress (form-encoded: one change, or the list with the book's version),
 * POST /api/users/update-addresses (addresses → addresses), and the profile page's form, which now sends one
 * change naming its address (issue 34 item 2). Addresses carry the spec §3 Address fields and a version. Checked at the spec's URLs through Remix's request handler, as the Worker serves them.
 */
import { describe, expect } from "vitest";
import * as addressBook from "~/routes/user.profile.addresses";
import { apiRequest, contextFor, type DataResult } from "../../support/requests";
import { contractTest, expectFields, expectNoCamelCase, json, type Serve } from "./support";

const it = contractTest({
  ...import.meta.glob(
    ["../../../app/routes/api.user.addresses.ts", "../../../app/routes/api.users.update-addresses.ts", "../../../app/routes/user.profile.*.ts"],
    { eager: true },
  ),
  // The React page itself is not rendered here: a JSON caller never reaches it (the Worker negotiates).
  "../../../app/routes/user.profile.addresses.tsx": { loader: () => new Response("the address page") },
});

/** Spec §3 Address (title is optional; id names a saved one). */
const ADDRESS_FIELDS = [
  "title",
  "firstname",
  "lastname",
  "firstname_jp",
  "lastname_jp",
  "address1",
  "address2",
  "postal_code",
  "district",
  "prefecture",
  "city",
  "phone",
  "default",
] as const;

type Address = Record<(typeof ADDRESS_FIELDS)[number], unknown> & { id: number; version: string };

const OSAKA: Record<string, string> = {
  title: "会社",
  lastname: "佐藤",
  firstname: "次郎",
  lastname_jp: "サトウ",
  firstname_jp: "ジロウ",
  postal_code: "530-0001",
  prefecture: "27",
  city: "大阪市北区",
  district: "梅田",
  address1: "1-1-3",
  address2: "",
  phone: "06-1234-5678",
};

/** GET /user/profile/addresses as a JSON caller. */
async function listAsJson({ serve, member }: { serve: Serve; member: string }): Promise<Address[]> {
  const response = await serve("/user/profile/addresses", { method: "GET", cookie: member, headers: { Accept: "application/json" } });
  const list = await json<Address[]>(response);
  expectNoCamelCase(list);
  return list;
}

describe("GET /user/profile/addresses (list of addresses)", () => {
  it("answers the member's addresses with the spec's fields, the default first", async ({ member, serve }) => {
    const list = await listAsJson({ serve, member });
    expect(list.length).toBeGreaterThan(0);
    for (const address of list) expectFields(address, ADDRESS_FIELDS, `address ${address.id}`);
    expect(list[0]).toMatchObject({ default: true, postal_code: expect.stringMatching(/^\d{7}$/), prefecture: expect.any(Number) });
    expect(list.filter((address) => address.default)).toHaveLength(1);
  });
});

describe("POST /user/profile/validationAddress (form-encoded address fields) → form (errors), valide", () => {
  it("answers valide with no errors for a valid address, and per-field Japanese errors under the spec's names", async ({ serve }) => {
    expect(await json(await serve("/user/profile/validationAddress", { fields: OSAKA }))).toEqual({ form: { errors: {} }, valide: true });
    const body = await json<{ form: { errors: Record<string, string[]> }; valide: boolean }>(
      await serve("/user/profile/validationAddress", { fields: { ...OSAKA, firstname_jp: "", phone: "abc", postal_code: "12" } }),
    );
    expect(body.valide).toBe(false);
    expect(Object.keys(body.form.errors).sort()).toEqual(["firstname_jp", "phone", "postal_code"]);
    for (const messages of Object.values(body.form.errors)) expect(messages[0]).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  });
});

describe("saving changes (each names what it changes: issue 34 item 2)", () => {
  type Saved = { addresses: Address[]; version: string; address: Address | null };
  /** The book's version, as GET /user/profile/addresses gives it (ETag) to a JSON caller. */
  async function bookVersion({ serve, member }: { serve: Serve; member: string }): Promise<string> {
    const response = await serve("/user/profile/addresses", { method: "GET", cookie: member, headers: { Accept: "application/json" } });
    return (response.headers.get("ETag") ?? "").replaceAll('"', "");
  }

  it("POST /user/profile/checkout/editAddress takes one form-encoded change and answers the saved addresses", async ({ member, serve }) => {
    const before = await listAsJson({ serve, member });
    const body = await json<Saved>(await serve("/user/profile/checkout/editAddress", { cookie: member, fields: { intent: "add", ...OSAKA, default: "1" } }));
    expect(body.addresses).toHaveLength(before.length + 1);
    for (const address of body.addresses) expectFields(address, [...ADDRESS_FIELDS, "version"], `saved ${address.id}`);
    expect(body.address).toMatchObject({ city: "大阪市北区", postal_code: "5300001", prefecture: 27, default: true });
    expect(body.version).toBe(await bookVersion({ serve, member }));
    const edited = await json<Saved>(
      await serve("/user/profile/checkout/editAddress", {
        cookie: member,
        fields: { intent: "edit", id: String(body.address!.id), version: String(body.address!.version), ...OSAKA, title: "会社（新）" },
      }),
    );
    expect(edited.address).toMatchObject({ id: body.address!.id, title: "会社（新）" });
  });

  it("POST /user/profile/checkout/editAddress takes the spec's form-encoded list with the version of the book shown", async ({ member, serve }) => {
    const before = await listAsJson({ serve, member });
    const entries = [...before.map(({ version: _version, ...address }) => ({ ...address, default: "0" })), { ...OSAKA, default: "1" }];
    const fields: [string, string][] = [
      ["version", await bookVersion({ serve, member })],
      ...entries.flatMap((entry, index) => Object.entries(entry).map(([key, value]): [string, string] => [`addresses[${index}][${key}]`, String(value)])),
    ];
    const body = await json<Saved>(await serve("/user/profile/checkout/editAddress", { cookie: member, fields }));
    expect(body.addresses).toHaveLength(before.length + 1);
    expect(body.addresses[0]).toMatchObject({ city: "大阪市北区", postal_code: "5300001", prefecture: 27, default: true });
  });

  it("POST /api/users/update-addresses (addresses, with the book's version) returns addresses", async ({ member, serve }) => {
    const current = await listAsJson({ serve, member });
    const renamed = current.map((address, index) => (index === 0 ? { ...address, title: "自宅（新）" } : address));
    const body = await json<Saved>(
      await serve("/api/users/update-addresses", {
        cookie: member,
        fields: { version: await bookVersion({ serve, member }), addresses: JSON.stringify(renamed) },
      }),
    );
    expectNoCamelCase(body);
    expect(body.addresses.map((address) => address.title).sort()).toEqual(renamed.map((address) => address.title).sort());
  });

  it("the profile addresses page submits one change naming its address", async ({ platform, member, serve }) => {
    const [first] = await listAsJson({ serve, member });
    const request = apiRequest("/user/profile/addresses", {
      cookie: member,
      mode: "cors",
      fields: { intent: "edit", id: String(first!.id), version: String(first!.version), ...OSAKA, title: "ページから" },
    });
    const result = (await addressBook.action({ request, params: {}, context: contextFor(platform) })) as unknown as DataResult<{ ok: boolean; intent: string }>;
    expect(result.data).toEqual({ ok: true, intent: "edit" });
    expect((await listAsJson({ serve, member })).find((address) => address.id === first!.id)?.title).toBe("ページから");
  });
});
