import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { RegisterSchema } from "~/core/account/account-forms";
import { newPasswordUrl, PASSWORD_RESET_THROTTLE, passwordResetThrottleSteps, RESET_LINK_MINUTES, resetRequestedMessage } from "~/core/account/password-reset";
import { NewPasswordSchema, ResetLinkTokenSchema } from "~/core/account/password-reset-forms";
import { passwordResetMail } from "~/mail/password-reset-mails";
import { renderMail } from "~/mail/render.server";

/** The messages of a parse, or only those of one field. */
const messages = (schema: v.GenericSchema, input: unknown, field?: string) => {
  const result = v.safeParse(schema, input);
  const issues = result.success ? [] : result.issues;
  return issues.filter((issue) => field == null || issue.path?.[0]?.key === field).map((issue) => issue.message);
};

describe("password reset rules", () => {
  it("counts a request under address+network first, then the network, then the address alone", () => {
    expect(passwordResetThrottleSteps("a@example.jp", "203.0.113.7").map((step) => [step.key, step.rule])).toEqual([
      ["password-reset:email-ip:a@example.jp|203.0.113.7", PASSWORD_RESET_THROTTLE.emailAndIp],
      ["password-reset:ip:203.0.113.7", PASSWORD_RESET_THROTTLE.ip],
      ["password-reset:email:a@example.jp", PASSWORD_RESET_THROTTLE.email],
    ]);
    expect(passwordResetThrottleSteps("a@example.jp", null).map((step) => step.key)).toEqual([
      "password-reset:email-ip:a@example.jp|-",
      "password-reset:email:a@example.jp",
    ]);
    // A stranger on one network cannot use up the owner's requests from everywhere.
    expect(PASSWORD_RESET_THROTTLE.email.maxAttempts).toBeGreaterThan(PASSWORD_RESET_THROTTLE.emailAndIp.maxAttempts);
  });

  it("says the same for every address, with the link's 30 minutes", () => {
    expect(RESET_LINK_MINUTES).toBe(30);
    expect(resetRequestedMessage("a@example.jp")).toBe(
      "ご入力のメールアドレス（a@example.jp）が登録されている場合、パスワード再設定のご案内をお送りしました。メールに記載のリンクを30分以内に開き、新しいパスワードを設定してください。",
    );
  });

  it("asks for the new password with the registration's own rule and messages, typed twice", () => {
    for (const password of ["", "short", "x".repeat(129)]) {
      const registration = messages(RegisterSchema, { password }, "password");
      expect(registration.length).toBeGreaterThan(0);
      expect(messages(NewPasswordSchema, { password, passwordConfirm: password }, "password")).toEqual(registration);
    }
    expect(messages(NewPasswordSchema, { password: "long-enough-1", passwordConfirm: "long-enough-1" })).toEqual([]);
    expect(messages(NewPasswordSchema, { password: "long-enough-1", passwordConfirm: "long-enough-2" })).toEqual(["確認用のパスワードが一致しません"]);
    expect(messages(NewPasswordSchema, { password: "long-enough-1" })).toEqual(["確認用のパスワードを入力してください"]);
  });

  it("puts the token in the link's query and reads back only a token the shop could have made", () => {
    const token = "A".repeat(42) + "_";
    expect(newPasswordUrl("https://shop.example", token)).toBe(`https://shop.example/password-reset/new-password?token=${token}`);
    expect(v.parse(ResetLinkTokenSchema, { token })).toEqual({ token });
    for (const bad of [undefined, "", "short", `${token}x`, "A".repeat(42) + "=", ["a", "b"]]) {
      expect(v.parse(ResetLinkTokenSchema, { token: bad })).toEqual({ token: null });
    }
  });
});

describe("the password-reset mail", () => {
  it("tells what was asked, the link, its 30 minutes and single use, and what to do if the member did not ask", () => {
    const link = "https://shop.example/password-reset/new-password?token=abc";
    const mail = renderMail(
      passwordResetMail({ name: "山田 花子", link, requestedAt: new Date("2026-01-12T01:00:00Z"), expiresAt: new Date("2026-01-12T01:30:00Z") }),
    );
    expect(mail.subject).toContain("パスワード再設定のご案内");
    expect(mail.html).toContain(`<a href="${link}">新しいパスワードを設定する</a>`);
    expect(mail.text).toContain(`新しいパスワードを設定する（${link}）`);
    expect(mail.text).toContain("山田 花子 様");
    expect(mail.text).toContain("2026/01/12 10:00に、パスワード再設定のお申し込みを受け付けました");
    expect(mail.text).toContain("有効期限：2026/01/12 10:30まで（お申し込みから30分間）");
    expect(mail.text).toContain("リンクは一度だけご利用いただけます");
    expect(mail.text).toContain("■ お心当たりのない場合");
    expect(mail.text).toContain("リンクを開かない限りパスワードは変更されず");
  });
});
