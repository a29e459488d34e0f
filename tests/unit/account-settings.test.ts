import { parseWithValibot } from "@conform-to/valibot";
import type * as v from "valibot";
import { describe, expect, it } from "vitest";
import { EmailChangeSchema, PasswordChangeSchema, ProfileSchema } from "~/core/account/account-settings-forms";
import { ADDRESS_FORM_MESSAGES } from "~/core/address/address-form";
import { newsletterParagraphs } from "~/core/mail/newsletter-issue";

function parse(schema: v.GenericSchema, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithValibot(form, { schema }).reply();
}

const NAME = { lastname: "山田", firstname: "花子", lastnameJp: "やまだ", firstnameJp: "ﾊﾅｺ" };

describe("ProfileSchema", () => {
  it("takes an empty phone as none and a typed one as its digits, with the address form's message otherwise", () => {
    expect(parse(ProfileSchema, { ...NAME, phone: "" }).status).toBe("success");
    expect(parse(ProfileSchema, { ...NAME, phone: "03 1234 5678" }).status).toBe("success");
    expect(parse(ProfileSchema, { ...NAME, phone: "0312" }).error).toEqual({ phone: [ADDRESS_FORM_MESSAGES.phone] });
  });
});

describe("EmailChangeSchema and PasswordChangeSchema", () => {
  it("use registration's e-mail and password rules", () => {
    expect(parse(EmailChangeSchema, { email: "a@", currentPassword: "x" }).error).toEqual({ email: ["メールアドレスの形式が正しくありません"] });
    expect(parse(PasswordChangeSchema, { currentPassword: "x", newPassword: "1234567" }).error).toEqual({
      newPassword: ["パスワードは8文字以上で入力してください"],
    });
  });
});

describe("newsletterParagraphs", () => {
  it("splits on blank lines (any line ending) and keeps each paragraph's lines", () => {
    expect(newsletterParagraphs("一行目\r\n二行目\r\n\r\n\r\n次の段落\n \n")).toEqual([["一行目", "二行目"], ["次の段落"]]);
  });
});
