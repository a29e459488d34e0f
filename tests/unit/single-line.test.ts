/**
 * Single-line fields — names, readings, e-mail, address lines, titles, subjects, receipt lines — take no
 * line break, tab or other control character (issue 34): the shared step (toSingleLine, in every such
 * schema) turns a pasted line break or tab into a space and drops the rest; text with lines (a message, a
 * newsletter's body, a product description) keeps its lines.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { RegisterSchema, requiredLine } from "~/core/account/account-forms";
import { AddressSchema } from "~/core/address/address-form";
import { MerchantLoginSchema } from "~/core/merchant/merchant-accounts";
import { NewsletterIssueSchema } from "~/core/mail/newsletter-issue";
import { nullableText, optionalText, requiredText } from "~/core/catalogue/product-form-fields";
import { titleField } from "~/core/promotions/promotion-forms";
import { ReceiptFieldsSchema } from "~/core/orders/receipt";
import { TICKET_CATEGORIES } from "~/core/tickets/ticket-categories";
import { NewTicketSchema } from "~/core/tickets/ticket-forms";
import { TICKET_TROUBLE_LABELS } from "~/core/tickets/tickets";
import { toSingleLine } from "~/core/validation";

/** What a hostile or careless post puts in a one-line field. */
const NASTY = "佐藤\r\n\t一郎\u0000\u0007\u001b[31m\u007f\u0085\u202e\u2028";

/** No character a single line must not have. */
// eslint-disable-next-line no-control-regex -- the characters looked for.
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("toSingleLine", () => {
  it("turns line breaks and tabs into a space and drops other control characters", () => {
    expect(toSingleLine("山田\r\n太郎")).toBe("山田 太郎");
    expect(toSingleLine("山田\t\t太郎")).toBe("山田 太郎");
    expect(toSingleLine("山田\u0000\u007f\u0085太郎")).toBe("山田 太郎");
    expect(toSingleLine("\u202egnp.exe")).toBe("gnp.exe");
    expect(toSingleLine("普通の　名前 です")).toBe("普通の　名前 です");
    expect(toSingleLine(NASTY)).not.toMatch(FORBIDDEN);
  });
});

describe("the shared field pieces", () => {
  it("read one line: required text, product titles, promotion titles", () => {
    expect(v.parse(requiredLine("入力してください"), ` ${NASTY} `)).not.toMatch(FORBIDDEN);
    expect(v.parse(requiredLine("入力してください"), "件名\r\n")).toBe("件名");
    expect(v.parse(requiredText(100, "必須", "長すぎ"), NASTY)).not.toMatch(FORBIDDEN);
    expect(v.parse(nullableText(100, "長すぎ"), "\r\n")).toBeNull();
    expect(v.parse(titleField(), `春の\r\nセール`)).toBe("春の セール");
  });

  it("keep the lines of text that has them", () => {
    expect(v.parse(optionalText(1000, "長すぎ"), "一行目\n二行目")).toBe("一行目\n二行目");
  });
});

describe("the forms", () => {
  it("registration: names and readings on one line, an e-mail with a line break refused", () => {
    const input = {
      email: "single@example.jp",
      password: "password1234",
      lastname: NASTY,
      firstname: "一郎\n",
      lastnameJp: "サトウ\r\n",
      firstnameJp: "イチ\tロウ",
      agreement: "on",
    };
    const output = v.parse(RegisterSchema, input);
    for (const value of [output.lastname, output.firstname, output.lastnameJp, output.firstnameJp]) expect(value).not.toMatch(FORBIDDEN);
    expect(output.firstname).toBe("一郎");
    expect(output.lastnameJp).toBe("サトウ");
    expect(v.safeParse(RegisterSchema, { ...input, email: "single@example.jp\r\nBcc: other@example.jp" }).success).toBe(false);
  });

  it("addresses: every line of the address and its name", () => {
    const output = v.parse(AddressSchema, {
      title: "自宅\r\n",
      lastname: "佐藤",
      firstname: "一郎",
      lastname_jp: "サトウ",
      firstname_jp: "イチロウ",
      postal_code: "100-0001",
      prefecture: "13",
      city: "千代田区\n",
      district: "千代田\u0000",
      address1: "1-1\r\n2",
      address2: "ハイツ\t101",
      phone: "03-1234-5678",
    });
    expect(output).toMatchObject({ title: "自宅", city: "千代田区", district: "千代田", address1: "1-1 2", address2: "ハイツ 101" });
  });

  it("a merchant's login, a newsletter's subject and a receipt's lines; the newsletter's body and a ticket keep their lines", () => {
    expect(v.parse(MerchantLoginSchema, { email: "m@example.jp", lastname: "蜂谷\r\n", firstname: "花子\u0007" })).toMatchObject({
      lastname: "蜂谷",
      firstname: "花子",
    });
    const issue = v.parse(NewsletterIssueSchema, { issue: "issue-12345678", subject: "新商品\r\nのお知らせ", body: "一行目\n二行目" });
    expect(issue).toMatchObject({ subject: "新商品 のお知らせ", body: "一行目\n二行目" });
    expect(v.parse(ReceiptFieldsSchema, { receipt_name: "株式会社\r\nテスト", receipt_memo: "お品代\u0000" })).toEqual({
      receipt_name: "株式会社 テスト",
      receipt_memo: "お品代",
    });
    const ticket = v.parse(NewTicketSchema, {
      session: "1700000000000",
      category: TICKET_CATEGORIES[0],
      trouble: TICKET_TROUBLE_LABELS[0],
      description: "一行目\n二行目",
    });
    expect(ticket.description).toBe("一行目\n二行目");
  });
});
