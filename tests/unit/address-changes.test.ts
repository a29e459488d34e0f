import { describe, expect, it } from "vitest";
import { addressChangeFields, addressListVersion, addressVersion } from "~/core/address/address-book";
import { addressChangeRefusal, parseAddressChangeJson, readAddressChange, readAddressChangeForm, type AddressChange } from "~/core/address/address-changes";
import { ADDRESS_FORM_MESSAGES, validateAddress, type AddressInput, type AddressJson } from "~/core/address/address-form";
import { ADDRESS_BOOK_LIMIT } from "~/core/limits";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";

/** A complete address as a form posts it (strings). */
const FORM: Record<string, string> = {
  title: "自宅",
  lastname: "山田",
  firstname: "花子",
  lastname_jp: "ヤマダ",
  firstname_jp: "ハナコ",
  postal_code: "100-0001",
  prefecture: "13",
  city: "千代田区",
  district: "千代田",
  address1: "1-1",
  address2: "",
  phone: "090-1234-5678",
};

const INPUT = validateAddress(FORM).address as AddressInput;
const saved = (id: number, fields: Partial<AddressInput> = {}): AddressJson => {
  const address = { ...INPUT, ...fields };
  return { ...address, id, version: addressVersion(address) };
};
const read = (fields: Record<string, string>, list: Record<string, string>[] | null = null) => readAddressChange({ fields, list });

describe("versions (a stale page is told from a current one)", () => {
  it("an address's version follows what the page shows of it, not the default flag", () => {
    expect(addressVersion(INPUT)).toMatch(/^[0-9a-z]{1,12}$/);
    expect(saved(1, { default: true }).version).toBe(addressVersion(INPUT));
    for (const change of [{ city: "港区" }, { title: "会社" }, { phone: "0312345678" }, { prefecture: 14 }, { address2: "101" }]) {
      expect(addressVersion({ ...INPUT, ...change }), JSON.stringify(change)).not.toBe(addressVersion(INPUT));
    }
  });

  it("the book's version changes with any address added, edited, deleted or made the default, not with the order listed", () => {
    const book = [saved(1, { default: true }), saved(2)];
    const version = addressListVersion(book);
    expect(addressListVersion([...book].reverse())).toBe(version);
    expect(addressListVersion([...book, saved(3)])).not.toBe(version);
    expect(addressListVersion([book[0]!, saved(2, { city: "港区" })])).not.toBe(version);
    expect(addressListVersion([book[0]!])).not.toBe(version);
    expect(addressListVersion([saved(1), saved(2, { default: true })])).not.toBe(version);
  });
});

describe("reading a change (each names what it changes)", () => {
  it("reads add, edit, delete and set_default with the address's id and version", () => {
    expect(read({ intent: "add", ...FORM })).toEqual({ ok: true, change: { intent: "add", address: INPUT } });
    expect(read({ intent: "edit", id: "2", version: "abc123", ...FORM, default: "1" })).toEqual({
      ok: true,
      change: { intent: "edit", id: 2, version: "abc123", address: { ...INPUT, default: true } },
    });
    expect(read({ intent: "delete", id: "2", version: "abc123" })).toEqual({ ok: true, change: { intent: "delete", id: 2, version: "abc123" } });
    expect(read({ intent: "set_default", id: "2" })).toEqual({ ok: true, change: { intent: "set_default", id: 2 } });
  });

  it("answers a body that names no change, an unknown intent, an edit or delete without its version as malformed", () => {
    const bodies: Record<string, string>[] = [
      {},
      { ...FORM },
      { intent: "save_list" },
      { intent: "edit", id: "2", ...FORM },
      { intent: "delete", id: "x", version: "a" },
      { intent: "delete", id: "2", version: "Ab!" },
    ];
    for (const fields of bodies) {
      expect(read(fields), JSON.stringify(fields)).toEqual({ ok: false, error: MALFORMED_INPUT_MESSAGE, errors: {} });
    }
  });

  it("gives a typed address its field messages", () => {
    expect(read({ intent: "add", ...FORM, phone: "123" })).toEqual({
      ok: false,
      error: ADDRESS_FORM_MESSAGES.check,
      errors: { phone: [ADDRESS_FORM_MESSAGES.phone] },
    });
  });

  it("posts what it reads back (the pages' scripts send these fields)", () => {
    const changes: Exclude<AddressChange, { intent: "replace_list" }>[] = [
      { intent: "add", address: INPUT },
      { intent: "edit", id: 2, version: "abc123", address: { ...INPUT, default: true } },
      { intent: "delete", id: 2, version: "abc123" },
      { intent: "set_default", id: 2 },
    ];
    for (const change of changes) expect(read(addressChangeFields(change))).toEqual({ ok: true, change });
  });
});

describe("the spec's list shape", () => {
  it("replaces the book only with the version of the book shown", () => {
    expect(read({}, [FORM])).toEqual({ ok: false, error: ADDRESS_FORM_MESSAGES.listVersionRequired, errors: {} });
    expect(read({ version: "abc123" }, [{ ...FORM, id: "5" }, FORM])).toEqual({
      ok: true,
      change: { intent: "replace_list", version: "abc123", entries: [{ ...INPUT, id: 5 }, INPUT] },
    });
    // An empty list is a list: with the version, every address shown is deleted; a body without a list is not one.
    expect(read({ version: "abc123" }, [])).toMatchObject({ ok: true, change: { intent: "replace_list", entries: [] } });
  });

  it("validates every entry, naming errors addresses[i].field; no id twice; at most the book's limit", () => {
    const version = { version: "abc123" };
    expect(read(version, [FORM, { ...FORM, phone: "123" }])).toEqual({
      ok: false,
      error: ADDRESS_FORM_MESSAGES.check,
      errors: { "addresses[1].phone": [ADDRESS_FORM_MESSAGES.phone] },
    });
    expect(read(version, [{ ...FORM, id: "abc" }]).ok).toBe(false);
    expect(
      read(version, [
        { ...FORM, id: "5" },
        { ...FORM, id: "5" },
      ]).ok,
    ).toBe(false);
    expect(
      read(
        version,
        Array.from({ length: ADDRESS_BOOK_LIMIT }, () => FORM),
      ).ok,
    ).toBe(true);
    expect(
      read(
        version,
        Array.from({ length: ADDRESS_BOOK_LIMIT + 1 }, () => FORM),
      ),
    ).toMatchObject({ ok: false, error: ADDRESS_FORM_MESSAGES.tooMany });
  });

  it("reads JSON: one change, { addresses, version }, or a bare array", () => {
    expect(parseAddressChangeJson(JSON.stringify({ intent: "delete", id: 2, version: "abc123", evil: "x" }))).toEqual({
      fields: { intent: "delete", id: "2", version: "abc123" },
      list: null,
    });
    expect(parseAddressChangeJson(JSON.stringify({ version: "v1", addresses: [{ ...FORM, prefecture: 13, default: true, id: 4 }] }))).toEqual({
      fields: { version: "v1" },
      list: [{ ...FORM, prefecture: "13", default: "on", id: "4" }],
    });
    expect(parseAddressChangeJson("[]")).toEqual({ fields: {}, list: [] });
    for (const text of ["not json", '"x"', "[1]", '[{"city":{"a":1}}]', '{"addresses":"x"}', '{"id":[1]}', "null"])
      expect(parseAddressChangeJson(text), text).toBeNull();
  });

  it("reads form fields: one change's, and a list as addresses[i][field], addresses[i].field or JSON text", () => {
    expect(
      readAddressChangeForm([
        ["intent", "delete"],
        ["id", "2"],
        ["version", "a"],
      ]),
    ).toEqual({ fields: { intent: "delete", id: "2", version: "a" }, list: null });
    expect(
      readAddressChangeForm([
        ["version", "v1"],
        ["addresses[1][city]", "大阪市北区"],
        ["addresses[0].city", "千代田区"],
        ["addresses[0][evil]", "x"],
      ]),
    ).toEqual({ fields: { version: "v1" }, list: [{ city: "千代田区" }, { city: "大阪市北区" }] });
    expect(readAddressChangeForm([["addresses", JSON.stringify([FORM])]])).toEqual({ fields: {}, list: [FORM] });
  });

  it("refuses a form list with holes, files, too large an index or bad JSON text", () => {
    expect(readAddressChangeForm([["addresses[1][city]", "x"]])).toBeNull();
    expect(readAddressChangeForm([["addresses[99][city]", "x"]])).toBeNull();
    expect(readAddressChangeForm([["addresses[0][city]", new Blob(["x"])]])).toBeNull();
    expect(readAddressChangeForm([["addresses", "[1"]])).toBeNull();
  });
});

describe("when a change is refused", () => {
  const book = [saved(1, { default: true }), saved(2, { city: "大阪市北区" })];

  it("applies a change named on the book as shown", () => {
    const changes: AddressChange[] = [
      { intent: "add", address: INPUT },
      { intent: "edit", id: 2, version: book[1]!.version, address: INPUT },
      { intent: "delete", id: 2, version: book[1]!.version },
      { intent: "set_default", id: 2 },
      { intent: "replace_list", version: addressListVersion(book), entries: [{ ...INPUT, id: 1 }, INPUT] },
    ];
    for (const change of changes) expect(addressChangeRefusal(book, change), change.intent).toBeNull();
  });

  it("refuses an edit or delete over another version, and a list over another book, as stale (409)", () => {
    const stale = { status: 409, error: ADDRESS_FORM_MESSAGES.stale };
    expect(addressChangeRefusal(book, { intent: "edit", id: 2, version: book[0]!.version, address: INPUT })).toEqual(stale);
    expect(addressChangeRefusal(book, { intent: "delete", id: 2, version: "old" })).toEqual(stale);
    expect(addressChangeRefusal([...book, saved(3)], { intent: "replace_list", version: addressListVersion(book), entries: [] })).toEqual({
      status: 409,
      error: ADDRESS_FORM_MESSAGES.listStale,
    });
  });

  it("answers an address not in the book (another member's, or deleted) 404, and a full book 409", () => {
    const notFound = { status: 404, error: ADDRESS_FORM_MESSAGES.notFound };
    expect(addressChangeRefusal(book, { intent: "edit", id: 3, version: "v", address: INPUT })).toEqual(notFound);
    expect(addressChangeRefusal(book, { intent: "delete", id: 3, version: "v" })).toEqual(notFound);
    expect(addressChangeRefusal(book, { intent: "set_default", id: 3 })).toEqual(notFound);
    expect(addressChangeRefusal(book, { intent: "replace_list", version: addressListVersion(book), entries: [{ ...INPUT, id: 3 }] })).toEqual(notFound);
    const full = Array.from({ length: ADDRESS_BOOK_LIMIT }, (_, index) => saved(index + 1));
    expect(addressChangeRefusal(full, { intent: "add", address: INPUT })).toEqual({ status: 409, error: ADDRESS_FORM_MESSAGES.tooMany });
    expect(addressChangeRefusal(full.slice(1), { intent: "add", address: INPUT })).toBeNull();
  });
});
