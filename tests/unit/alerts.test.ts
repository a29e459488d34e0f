import { parseWithValibot } from "@conform-to/valibot";
import { describe, expect, it } from "vitest";
import {
  ALERT_MAIL_KEYS,
  alertAddressLines,
  digestDue,
  jstHour,
  MERCHANT_ALERT_TEXT,
  merchantAlertAddresses,
  MerchantAlertSettingsSchema,
} from "~/core/alerts/alerts";
import { renderMail } from "~/mail/render.server";
import { merchantReadyMail, staffDigestMail } from "~/mail/alert-mails";

/** Parses like the routes do: the fields through Conform's Valibot integration. */
function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithValibot(formData, { schema: MerchantAlertSettingsSchema });
}

/** The per-field messages of a refused form. */
function errorsOf(fields: Record<string, string>) {
  const submission = parse(fields);
  return submission.status === "success" ? null : submission.error;
}

describe("alert addresses", () => {
  it("reads a list typed one a line: trimmed, lower-cased, blanks and repeats left out", () => {
    expect(alertAddressLines(" A@Example.jp \r\n\r\nb@example.jp\na@example.jp\n")).toEqual(["a@example.jp", "b@example.jp"]);
    expect(alertAddressLines("")).toEqual([]);
  });

  it("a merchant's go to its list, else its contact's address, else its own", () => {
    const merchant = { alertEmails: "", contactEmail: "Office@Farm.example.jp", email: "shop@farm.example.jp" };
    expect(merchantAlertAddresses(merchant)).toEqual(["office@farm.example.jp"]);
    expect(merchantAlertAddresses({ ...merchant, contactEmail: " " })).toEqual(["shop@farm.example.jp"]);
    expect(merchantAlertAddresses({ ...merchant, alertEmails: "x@farm.example.jp\ny@farm.example.jp" })).toEqual(["x@farm.example.jp", "y@farm.example.jp"]);
    expect(merchantAlertAddresses({ alertEmails: "", contactEmail: "", email: "" })).toEqual([]);
  });
});

describe("the settings form", () => {
  it("stores the addresses normalised, one a line; empty means the contact's", () => {
    expect(parse({ alertEmails: "B@x.jp\n\na@x.jp\nb@x.jp", alertMode: "digest" })).toMatchObject({
      status: "success",
      value: { alertEmails: "b@x.jp\na@x.jp", alertMode: "digest" },
    });
    expect(parse({ alertEmails: "", alertMode: "off" })).toMatchObject({ status: "success", value: { alertEmails: "", alertMode: "off" } });
    // A post without the field at all clears the list too.
    expect(parse({ alertMode: "off" })).toMatchObject({ status: "success", value: { alertEmails: "", alertMode: "off" } });
  });

  it("names the address it cannot read, refuses more than five, and asks for the mode in Japanese", () => {
    expect(errorsOf({ alertEmails: "ok@x.jp\nfoo@", alertMode: "each" })).toEqual({ alertEmails: [MERCHANT_ALERT_TEXT.invalidAddress("foo@")] });
    expect(errorsOf({ alertEmails: "1@x.jp\n2@x.jp\n3@x.jp\n4@x.jp\n5@x.jp\n6@x.jp", alertMode: "each" })).toEqual({
      alertEmails: [MERCHANT_ALERT_TEXT.tooMany],
    });
    expect(errorsOf({ alertEmails: "", alertMode: "hourly" })).toEqual({ alertMode: [MERCHANT_ALERT_TEXT.mode] });
    expect(errorsOf({ alertEmails: "" })).toEqual({ alertMode: [MERCHANT_ALERT_TEXT.mode] });
  });
});

describe("timing and keys", () => {
  it("the digest is due from its hour on, in Japan time", () => {
    // 2026-11-20 23:30 UTC is 2026-11-21 08:30 in Japan.
    const morning = new Date("2026-11-20T23:30:00Z");
    expect(jstHour(morning)).toBe(8);
    expect(digestDue(morning, 8)).toBe(true);
    expect(digestDue(morning, 9)).toBe(false);
    expect(digestDue(new Date("2026-11-21T14:59:00Z"), 23)).toBe(true);
  });

  it("one key per event and address; a digest's per day", () => {
    expect(ALERT_MAIL_KEYS.merchantReady("20261121-0001", 3, "a@x.jp")).toBe("merchant-alert:ready:20261121-0001:3:a@x.jp");
    expect(ALERT_MAIL_KEYS.merchantDigest(3, "2026-11-21", "a@x.jp")).not.toBe(ALERT_MAIL_KEYS.merchantDigest(3, "2026-11-22", "a@x.jp"));
    expect(ALERT_MAIL_KEYS.staffDigest("2026-11-21", "a@x.jp")).not.toBe(ALERT_MAIL_KEYS.staffDigest("2026-11-21", "b@x.jp"));
  });
});

describe("the mails", () => {
  it("a parcel's mail lists its goods, the delivery wish and the link, escaped", () => {
    const mail = renderMail(
      merchantReadyMail({
        merchantName: "十勝<牧場>",
        orderNumber: "20261121-0001",
        paymentLabel: "代金引換",
        items: [{ title: "バター", detail: "無塩", quantity: 2 }],
        deliveryWish: "2026年11月25日 午前中",
        shipmentUrl: "https://shop.example.jp/merchant/shipments/9",
      }),
    );
    expect(mail.html).toContain("十勝&lt;牧場&gt; ご担当者様");
    expect(mail.text).toContain("バター（無塩） × 2");
    expect(mail.text).toContain("お届け希望：2026年11月25日 午前中");
    expect(mail.text).toContain("（https://shop.example.jp/merchant/shipments/9）");
  });

  it("the staff digest marks what is urgent only when there is some", () => {
    const digest = staffDigestMail({
      day: "2026-11-21",
      items: [
        { label: "入金期限切れ", count: 2, url: "https://s/crm/orders?payment_due=lapsed", urgent: true },
        { label: "在庫切れの商品", count: 0, url: "https://s/crm/products?stock=out", urgent: true },
      ],
      dashboardUrl: "https://s/crm",
    });
    const { text } = renderMail(digest);
    expect(text).toContain("【至急】入金期限切れ：2件");
    expect(text).toContain("在庫切れの商品：0件");
    expect(text).not.toContain("【至急】在庫切れ");
  });
});
