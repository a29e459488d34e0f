import { describe, expect, it } from "vitest";
import { parseIpList, subscriptionOffered } from "~/core/catalogue/subscription";

describe("subscriptionOffered", () => {
  it("is offered to everyone when public", () => {
    expect(subscriptionOffered({ publicSubscription: true, allowedIps: [], clientIp: null })).toBe(true);
  });
  it("is offered only to allowed IPs otherwise", () => {
    const allowedIps = parseIpList(" 203.0.113.5 ,198.51.100.7,");
    expect(allowedIps).toEqual(["203.0.113.5", "198.51.100.7"]);
    expect(subscriptionOffered({ publicSubscription: false, allowedIps, clientIp: "203.0.113.5" })).toBe(true);
    expect(subscriptionOffered({ publicSubscription: false, allowedIps, clientIp: "203.0.113.6" })).toBe(false);
    expect(subscriptionOffered({ publicSubscription: false, allowedIps, clientIp: null })).toBe(false);
  });
});
