import { parseWithValibot } from "@conform-to/valibot";
import { describe, expect, it } from "vitest";
import { deliveryDateOptions, isDeliveryDateAllowed, orderNumber, subscriptionSchedule } from "~/core/checkout/checkout";
import { GuestCheckoutSchema, MemberCheckoutSchema, withoutUnusedShipping } from "~/core/checkout/checkout-form";

// 2026-11-21 23:30 in Japan is 14:30 UTC.
const now = new Date("2026-11-21T14:30:00Z");

describe("delivery date choices", () => {
  it("offers the 3rd to the 14th day after ordering", () => {
    const dates = deliveryDateOptions(now);
    expect(dates[0]).toBe("2026-11-24");
    expect(dates.at(-1)).toBe("2026-12-05");
    expect(dates).toHaveLength(12);
    expect(isDeliveryDateAllowed("2026-11-23", now)).toBe(false);
    expect(isDeliveryDateAllowed("2026-11-24", now)).toBe(true);
    expect(isDeliveryDateAllowed("2026-12-06", now)).toBe(false);
  });
});

describe("orderNumber", () => {
  it("is the Japanese order date and six digits", () => {
    expect(orderNumber(now, 0.0421)).toBe("20261121-042100");
    expect(orderNumber(now, 0)).toBe("20261121-000000");
    expect(orderNumber(now, 0.9999999)).toBe("20261121-999999");
  });
});

describe("subscriptionSchedule", () => {
  it("schedules the next delivery one period later; skipping starts after it", () => {
    expect(subscriptionSchedule(now, 1)).toEqual({ nextPaymentDate: "2026-12-21", nextShippingDate: "2026-12-21", cancelDate: "2026-12-21" });
    expect(subscriptionSchedule(now, 2).nextShippingDate).toBe("2027-01-21");
  });
});

const address = {
  "shipping.lastname": "佐藤",
  "shipping.firstname": "一郎",
  "shipping.lastname_jp": "さとう",
  "shipping.firstname_jp": "イチロウ",
  "shipping.postal_code": "１００ー０００１",
  "shipping.prefecture": "13",
  "shipping.city": "千代田区",
  "shipping.address1": "1-1",
  "shipping.phone": "03-1234-5678",
};
const guest = {
  token: "7f1d8c9e-2b4a-4c3d-8e5f-6a7b8c9d0e1f",
  payment: "cod",
  email: "Guest@Example.jp",
  lastname: "佐藤",
  firstname: "一郎",
  lastnameJp: "サトウ",
  firstnameJp: "イチロウ",
  ...address,
};

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}
const parseGuest = (fields: Record<string, string>) => parseWithValibot(formOf(fields), { schema: GuestCheckoutSchema });
const parseMember = (fields: Record<string, string>) => parseWithValibot(formOf(fields), { schema: MemberCheckoutSchema });

describe("GuestCheckoutSchema", () => {
  it("accepts a guest order without registration and normalises the address", () => {
    const submission = parseGuest(guest);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.email).toBe("guest@example.jp");
    expect(submission.value.register).toBe(false);
    expect(submission.value.shipping.postal_code).toBe("1000001");
    expect(submission.value.shipping.lastname_jp).toBe("サトウ");
    expect(submission.value.shipping.phone).toBe("0312345678");
    expect(submission.value.shipping.address2 ?? "").toBe(""); // empty optional fields are left out
  });

  it("needs a password and the agreement only when registering", () => {
    const error = parseGuest({ ...guest, register: "on", password: "short" }).reply().error ?? {};
    expect(error.password).toEqual(["パスワードは8文字以上で入力してください"]);
    expect(error.agreement).toEqual(["会員規約への同意が必要です"]);
    expect(parseGuest({ ...guest, register: "on", password: "password1234", agreement: "on" }).status).toBe("success");
  });

  it("answers every missing field in Japanese", () => {
    const error = parseGuest({ token: guest.token }).reply().error ?? {};
    const messages = Object.values(error).flat();
    expect(messages.length).toBeGreaterThan(8);
    for (const message of messages) expect(message).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect(error.payment).toEqual(["お支払い方法を選択してください。"]);
    expect(error["shipping.postal_code"]).toEqual(["郵便番号を入力してください"]);
  });

  it("refuses an unknown payment method and a malformed token", () => {
    const error = parseGuest({ ...guest, payment: "card", token: "x" }).reply().error ?? {};
    expect(error.payment).toEqual(["お支払い方法を選択してください。"]);
    expect(error.token?.[0]).toMatch(/有効期限/);
  });
});

describe("MemberCheckoutSchema", () => {
  it("takes a saved address id, or a one-off address with useNewAddress", () => {
    const saved = parseMember({ token: guest.token, payment: "bank_transfer", addressId: "4" });
    expect(saved.status === "success" && saved.value.addressId).toBe(4);
    const fresh = parseMember({ token: guest.token, payment: "bank_transfer", addressId: "4", useNewAddress: "on", ...address });
    expect(fresh.status === "success" && fresh.value.useNewAddress && fresh.value.shipping?.city).toBe("千代田区");
    const bogus = parseMember({ token: guest.token, payment: "bank_transfer", addressId: "x1" });
    expect(bogus.reply().error?.addressId).toEqual(["選択されたお届け先が見つかりません。"]);
  });

  it("ignores the empty one-off address fields a no-JS page sends with a saved address", () => {
    const emptyAddress = Object.fromEntries(Object.keys(address).map((name) => [name, ""]));
    const form = formOf({ token: guest.token, payment: "bank_transfer", addressId: "2", ...emptyAddress });
    expect(parseWithValibot(form, { schema: MemberCheckoutSchema }).status).toBe("error"); // what Conform makes of it alone
    const saved = parseWithValibot(withoutUnusedShipping(form), { schema: MemberCheckoutSchema });
    expect(saved.status === "success" && saved.value.addressId).toBe(2);
    // With useNewAddress the fields are the order's address and are judged.
    const oneOff = withoutUnusedShipping(formOf({ token: guest.token, payment: "bank_transfer", addressId: "2", useNewAddress: "on", ...emptyAddress }));
    expect(parseWithValibot(oneOff, { schema: MemberCheckoutSchema }).reply().error?.["shipping.city"]).toEqual(["市区町村を入力してください"]);
  });
});
