import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { LoginSchema, RegisterSchema, toFullWidthKatakana } from "~/core/account-forms";

const valid = {
  email: "  Hanako@Example.JP ",
  password: "password1234",
  lastname: "山田",
  firstname: "花子",
  lastnameJp: "やまだ",
  firstnameJp: "ﾊﾅｺ",
  newsletter: "on",
  agreement: "on",
};

function messages(input: Record<string, unknown>) {
  const result = v.safeParse(RegisterSchema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
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
    const output = v.parse(RegisterSchema, valid);
    expect(output.email).toBe("hanako@example.jp");
    expect(output.lastnameJp).toBe("ヤマダ");
    expect(output.firstnameJp).toBe("ハナコ");
    expect(output.newsletter).toBe(true);
    expect(output.agreement).toBe(true);
  });

  it("treats an unticked newsletter box as no", () => {
    expect(v.parse(RegisterSchema, { ...valid, newsletter: undefined }).newsletter).toBe(false);
  });

  it("requires the agreement", () => {
    expect(messages({ ...valid, agreement: undefined })).toContain("会員規約への同意が必要です");
  });

  it("requires 8+ character passwords", () => {
    expect(messages({ ...valid, password: "1234567" })).toContain("パスワードは8文字以上で入力してください");
    expect(messages({ ...valid, password: "12345678" })).toEqual([]);
  });

  it("rejects readings that are not kana", () => {
    expect(messages({ ...valid, lastnameJp: "Yamada" })).toContain("全角カタカナで入力してください");
    expect(messages({ ...valid, lastnameJp: "山田" })).toContain("全角カタカナで入力してください");
  });

  it("rejects malformed e-mail and blank names in Japanese", () => {
    expect(messages({ ...valid, email: "not-an-email" })).toContain("メールアドレスの形式が正しくありません");
    expect(messages({ ...valid, lastname: "   " })).toContain("姓を入力してください");
  });

  it("rejects non-string input without throwing", () => {
    expect(messages({ ...valid, email: 42 })).toContain("メールアドレスを入力してください");
  });
});

describe("LoginSchema", () => {
  it("requires both fields", () => {
    const result = v.safeParse(LoginSchema, { email: "", password: "" });
    expect(result.success).toBe(false);
  });
});
