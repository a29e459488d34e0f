import { parseWithValibot } from "@conform-to/valibot";
import { describe, expect, it } from "vitest";
import { FALLBACK_FORM_MESSAGE, LoginSchema, RegisterSchema, withSpecFieldNames } from "~/core/account/account-forms";
import { toFullWidthKatakana } from "~/core/kana";

const valid: Record<string, string> = {
  email: "  Hanako@Example.JP ",
  password: "password1234",
  lastname: "山田",
  firstname: "花子",
  lastnameJp: "やまだ",
  firstnameJp: "ﾊﾅｺ",
  newsletter: "on",
  agreement: "on",
};

/** Parses like the route does: form fields through Conform's Valibot integration. */
function parse(fields: Record<string, string | undefined>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) formData.set(name, value);
  return parseWithValibot(formData, { schema: RegisterSchema });
}

function errorsOf(fields: Record<string, string | undefined>): Record<string, string[] | null> {
  return parse(fields).reply().error ?? {};
}

describe("toFullWidthKatakana", () => {
  it("turns hiragana and half-width kana into full-width katakana", () => {
    expect(toFullWidthKatakana("やまだ")).toBe("ヤマダ");
    expect(toFullWidthKatakana("ﾊﾅｺ")).toBe("ハナコ");
    expect(toFullWidthKatakana("ヤマダ")).toBe("ヤマダ");
  });
});

describe("RegisterSchema", () => {
  it("normalises a valid registration", () => {
    const submission = parse(valid);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.email).toBe("hanako@example.jp");
    expect(submission.value.lastnameJp).toBe("ヤマダ");
    expect(submission.value.firstnameJp).toBe("ハナコ");
    expect(submission.value.newsletter).toBe(true);
    expect(submission.value.agreement).toBe(true);
  });

  it("treats an unticked newsletter box as no", () => {
    const submission = parse({ ...valid, newsletter: undefined });
    expect(submission.status === "success" && submission.value.newsletter).toBe(false);
  });

  it("requires the agreement, also when other fields are wrong", () => {
    expect(errorsOf({ ...valid, agreement: undefined }).agreement).toEqual(["会員規約への同意が必要です"]);
    expect(errorsOf({ ...valid, password: "x", agreement: undefined }).agreement).toEqual(["会員規約への同意が必要です"]);
    expect(errorsOf({ ...valid, agreement: "bogus" }).agreement).toEqual(["会員規約への同意が必要です"]);
  });

  it("requires 8+ character passwords", () => {
    expect(errorsOf({ ...valid, password: "1234567" }).password).toEqual(["パスワードは8文字以上で入力してください"]);
    expect(parse({ ...valid, password: "12345678" }).status).toBe("success");
  });

  it("rejects readings that are not kana", () => {
    expect(errorsOf({ ...valid, lastnameJp: "Yamada" }).lastnameJp).toEqual(["全角カタカナで入力してください"]);
    expect(errorsOf({ ...valid, lastnameJp: "山田" }).lastnameJp).toEqual(["全角カタカナで入力してください"]);
  });

  it("rejects malformed e-mail and blank names in Japanese", () => {
    expect(errorsOf({ ...valid, email: "not-an-email" }).email).toEqual(["メールアドレスの形式が正しくありません"]);
    expect(errorsOf({ ...valid, lastname: "   " }).lastname).toEqual(["姓を入力してください"]);
    expect(errorsOf({ ...valid, email: undefined }).email).toEqual(["メールアドレスを入力してください"]);
  });
});

describe("LoginSchema", () => {
  it("requires both fields, in Japanese", () => {
    const formData = new FormData();
    const error = parseWithValibot(formData, { schema: LoginSchema }).reply().error ?? {};
    expect(error.email).toEqual(["メールアドレスを入力してください"]);
    expect(error.password).toEqual(["パスワードを入力してください"]);
  });
});

describe("password fields", () => {
  it("are taken exactly as typed (no trimming)", () => {
    const submission = parse({ ...valid, password: " pass word " });
    expect(submission.status === "success" && submission.value.password).toBe(" pass word ");
  });
});

describe("spec choices and names", () => {
  it("reads 1/0 as well as ticked boxes, and refuses anything else in Japanese", () => {
    const yes = parse({ ...valid, newsletter: "1", agreement: "1" });
    expect(yes.status === "success" && [yes.value.newsletter, yes.value.agreement]).toEqual([true, true]);
    const no = parse({ ...valid, newsletter: "0" });
    expect(no.status === "success" && no.value.newsletter).toBe(false);
    expect(errorsOf({ ...valid, agreement: "0" }).agreement).toEqual(["会員規約への同意が必要です"]);
    expect(errorsOf({ ...valid, newsletter: "maybe" }).newsletter).toEqual(["メールマガジンの選択が正しくありません"]);
  });

  it("never shows Valibot's English: unnamed checks fall back to a Japanese message", () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries(valid)) formData.set(name, value);
    formData.append("redirectTo", "/a");
    formData.append("redirectTo", "/b");
    const error = parseWithValibot(formData, { schema: RegisterSchema }).reply().error ?? {};
    expect(error.redirectTo).toEqual([FALLBACK_FORM_MESSAGE]);
  });

  it("understands lastname_jp, firstname_jp and save_address beside the app's own names", () => {
    const form = new FormData();
    form.set("lastname_jp", "やまだ");
    form.set("firstnameJp", "ハナコ");
    form.set("firstname_jp", "ignored");
    form.set("save_address", "1");
    const renamed = withSpecFieldNames(form);
    expect([renamed.get("lastnameJp"), renamed.get("firstnameJp"), renamed.get("saveAddress")]).toEqual(["やまだ", "ハナコ", "1"]);
  });
});
