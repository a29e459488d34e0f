/** The shared request schemas (app/core/validation.ts) and the readers built on them (app/web/input.server.ts). */
import * as v from "valibot";
import { parseWithValibot } from "@conform-to/valibot";
import { describe, expect, it } from "vitest";
import {
  OptionalTextSchema,
  absentAsNull,
  FlagSchema,
  IdOrNullSchema,
  IdSchema,
  MALFORMED_INPUT_MESSAGE,
  OptionalIdSchema,
  PageSchema,
  ReturnPathSchema,
  typedWholeNumber,
} from "~/core/validation";
import { fieldsOf, idParam, parseQuery, readInput } from "~/web/input.server";

const parse = <S extends v.GenericSchema>(schema: S, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? result.output : "invalid";
};

describe("IdSchema", () => {
  it.each([
    ["1", 1],
    ["12", 12],
    ["999999999", 999_999_999],
    [" 7 ", 7],
    ["007", 7],
  ])("reads %j as %d", (text, id) => {
    expect(parse(IdSchema, text)).toBe(id);
  });

  it.each(["0", "-1", "1.5", "1e3", "0x10", "abc", "", " ", "1000000000", "99999999999999999999", "１２"])("refuses %j", (text) => {
    expect(parse(IdSchema, text)).toBe("invalid");
  });

  it("refuses what is not text: a file, a number, nothing", () => {
    expect(parse(IdSchema, new File(["1"], "1.txt"))).toBe("invalid");
    expect(parse(IdSchema, 1)).toBe("invalid");
    expect(parse(IdSchema, undefined)).toBe("invalid");
  });
});

describe("ids a form may leave out, and ids read leniently from a URL", () => {
  const Form = v.object({ id: OptionalIdSchema });
  it("reads absent and empty as null, an id as the number, anything else as malformed", () => {
    expect(parse(Form, {})).toEqual({ id: null });
    expect(parse(Form, { id: "" })).toEqual({ id: null });
    expect(parse(Form, { id: "3" })).toEqual({ id: 3 });
    expect(parse(Form, { id: "x" })).toBe("invalid");
  });

  it("IdOrNullSchema never refuses: a hand-edited URL's value is null", () => {
    const Query = v.object({ remove: IdOrNullSchema });
    expect(parse(Query, { remove: "4" })).toEqual({ remove: 4 });
    expect(parse(Query, { remove: "four" })).toEqual({ remove: null });
    expect(parse(Query, {})).toEqual({ remove: null });
  });
});

describe("OptionalTextSchema", () => {
  const Schema = v.object({ note: OptionalTextSchema });
  const conform = (entries: [string, string][]) => {
    const form = new FormData();
    for (const [name, value] of entries) form.set(name, value);
    return parseWithValibot(form, { schema: Schema });
  };

  it('reads absent and empty as "", as a plain read and through Conform (which sends an empty field as no value)', () => {
    expect(v.parse(Schema, {})).toEqual({ note: "" });
    expect(v.parse(Schema, { note: "" })).toEqual({ note: "" });
    expect(v.parse(Schema, { note: "メモ" })).toEqual({ note: "メモ" });
    expect(conform([])).toMatchObject({ status: "success", value: { note: "" } });
    expect(conform([["note", ""]])).toMatchObject({ status: "success", value: { note: "" } });
    expect(conform([["note", "メモ"]])).toMatchObject({ status: "success", value: { note: "メモ" } });
  });
});

describe("FlagSchema", () => {
  const Form = v.object({ w: FlagSchema });
  it.each([
    ["1", true],
    ["on", true],
    ["TRUE", true],
    [" yes ", true],
    ["0", false],
    ["off", false],
    ["no", false],
    ["", false],
  ])("reads %j as %s", (text, flag) => {
    expect(parse(Form, { w: text })).toEqual({ w: flag });
  });

  it("reads absent as null (leave the setting as it is) and anything else as malformed", () => {
    expect(parse(Form, {})).toEqual({ w: null });
    expect(parse(Form, { w: "2" })).toBe("invalid");
    expect(parse(Form, { w: new File([""], "w") })).toBe("invalid");
  });
});

describe("PageSchema", () => {
  it.each([
    ["0", 0],
    ["3", 3],
    ["999999", 999_999],
    ["-1", 0],
    ["1000000", 0],
    ["2.5", 0],
    ["two", 0],
  ])("reads %j as page %d", (text, page) => {
    expect(parse(PageSchema, text)).toBe(page);
  });
});

describe("typedWholeNumber", () => {
  const Points = typedWholeNumber("ポイントは0以上の整数で入力してください。");
  it("takes what a phone keyboard types: full-width digits, spaces around, 0", () => {
    expect(parse(Points, "１２０")).toBe(120);
    expect(parse(Points, " 30 ")).toBe(30);
    expect(parse(Points, "0")).toBe(0);
  });

  it("answers the field's own message for anything else", () => {
    for (const typed of ["-1", "1.5", "abc", "", "1234567890"]) {
      const result = v.safeParse(Points, typed);
      expect(result.success, typed).toBe(false);
      if (!result.success) expect(result.issues[0].message).toBe("ポイントは0以上の整数で入力してください。");
    }
  });
});

describe("ReturnPathSchema", () => {
  const Form = v.object({ redirectTo: ReturnPathSchema });
  it("keeps a same-site path and drops anything else", () => {
    expect(parse(Form, { redirectTo: "/cart#coupon-entry" })).toEqual({ redirectTo: "/cart#coupon-entry" });
    expect(parse(Form, { redirectTo: "//evil.example" })).toEqual({ redirectTo: null });
    expect(parse(Form, { redirectTo: "https://evil.example" })).toEqual({ redirectTo: null });
    expect(parse(Form, {})).toEqual({ redirectTo: null });
  });
});

describe("reading a form or a query", () => {
  it("gives each name's first value, and every value for the names read as lists", () => {
    const form = new FormData();
    form.append("intent", "remove");
    form.append("intent", "move");
    form.append("gallery[]", "1");
    form.append("gallery[]", "2");
    expect({ ...fieldsOf(form, ["gallery[]", "files"]) }).toEqual({ intent: "remove", "gallery[]": ["1", "2"], files: [] });
  });

  it("treats a field named __proto__ as a field, not as the object's prototype", () => {
    const fields = fieldsOf(new URLSearchParams("__proto__=x&id=1"));
    expect(fields.__proto__).toBe("x");
    expect(Object.getPrototypeOf(fields)).toBeNull();
  });

  const Intent = v.variant("intent", [
    v.object({ intent: v.literal("remove"), id: IdSchema }),
    v.object({ intent: v.literal("rename"), id: IdSchema, name: v.pipe(v.string(), v.nonEmpty("名前を入力してください。")) }),
  ]);

  it("dispatches on intent through v.variant", () => {
    expect(readInput(Intent, new URLSearchParams("intent=remove&id=5"))).toEqual({ ok: true, input: { intent: "remove", id: 5 } });
  });

  it("answers the one Japanese message for input no page sends, and a field's own message for a person's typing", () => {
    for (const query of ["intent=explode&id=5", "intent=remove&id=abc", "intent=remove", "", "id=5", "intent=remove&id=99999999999999"]) {
      expect(readInput(Intent, new URLSearchParams(query)), query).toMatchObject({ ok: false, error: MALFORMED_INPUT_MESSAGE });
    }
    expect(readInput(Intent, new URLSearchParams("intent=rename&id=5&name="))).toEqual({ ok: false, error: "名前を入力してください。", field: "name" });
  });

  it("reads a loader's query with its fallbacks, and refuses only what has none", () => {
    const Query = v.object({ page: PageSchema, remove: IdOrNullSchema, tab: absentAsNull(v.picklist(["a", "b"])) });
    expect(parseQuery(new URL("http://shop.test/x?page=2&remove=zz"), Query)).toEqual({ page: 2, remove: null, tab: null });
    const thrown = (() => {
      try {
        parseQuery(new URL("http://shop.test/x?tab=c"), Query);
      } catch (response) {
        return response as Response;
      }
    })();
    expect(thrown?.status).toBe(400);
  });

  it("idParam answers the route id or a 400 naming what was wrong", async () => {
    expect(idParam("42", "商品ID")).toBe(42);
    for (const bad of [undefined, "0", "x", "1234567890"]) {
      let thrown: unknown;
      try {
        idParam(bad, "商品ID");
      } catch (response) {
        thrown = response;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(400);
      expect(await (thrown as Response).json()).toEqual({ error: "商品IDが正しくありません。" });
    }
  });
});
