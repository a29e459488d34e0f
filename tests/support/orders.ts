/** Fixtures for placing orders in tests. */
import type { ShippingAddress } from "~/services/checkout.server";

/** 〒100-0001 東京都千代田区, as a checkout's one-off address. */
export const TOKYO_ADDRESS: ShippingAddress = {
  lastname: "佐藤",
  firstname: "一郎",
  lastnameJp: "サトウ",
  firstnameJp: "イチロウ",
  postalCode: "1000001",
  prefecture: 13,
  city: "千代田区",
  district: "",
  address1: "千代田1-1",
  address2: "",
  phone: "0312345678",
};
