/**
 * The newsletter's unsubscribe link on a real local D1: a signature of the member's id (SESSION_SECRET),
 * no login needed. Opening it changes nothing (mail scanners); its button or the mail client's RFC 8058
 * one-click POST — which comes from the provider's servers, with no Origin — turns the newsletter off; a
 * wrong signature is refused and changes nothing.
 */
import { describe, expect } from "vitest";
import { NEWSLETTER_MESSAGES } from "~/core/mail/newsletter";
import { OTHER_ID } from "~/services/seed/people";
import * as unsubscribePage from "~/routes/newsletter.unsubscribe";
import { refuseCrossSiteMutation, requestForRemix } from "~/security.server";
import { newsletterUnsubscribeUrl } from "~/web/mail/newsletter.server";
import type { UnsubscribeView } from "~/web/types/account-settings";
import { addMember, userRow } from "../support/accounts";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, expectRedirect, pageRequest, run, TEST_ORIGIN, valueOf, type Outcome, type RouteHandler } from "../support/requests";
import { remixHandlerFor } from "../support/remix";

const it = platformTest();

const SECRET = "test-session-secret";

/** The path and query of a member's link, as the mail carries it. */
async function linkOf(userId: number): Promise<string> {
  const url = new URL(await newsletterUnsubscribeUrl(TEST_ORIGIN, userId, SECRET));
  expect(url.origin).toBe(TEST_ORIGIN);
  return `${url.pathname}${url.search}`;
}

/** RFC 8058: the mail provider POSTs `List-Unsubscribe=One-Click` from its servers (no Origin, no browser headers). */
function oneClick(path: string): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
}

const open = (platform: TestPlatform, path: string): Promise<Outcome> => run(platform, unsubscribePage.loader as RouteHandler, pageRequest(path));
const post = (platform: TestPlatform, request: Request): Promise<Outcome> => run(platform, unsubscribePage.action as RouteHandler, request);

describe("the unsubscribe link", () => {
  it("shows the page when opened and changes nothing", async ({ platform }) => {
    const member = await addMember(platform, "unsub-open@example.jp");
    const opened = await open(platform, await linkOf(member.id));
    expect(opened.status).toBe(200);
    expect(await valueOf<UnsubscribeView>(opened)).toEqual({ ok: true, subscribed: true, notice: null });
    expect((await userRow(platform, member.id)).newsletter).toBe(true);
  });

  it("turns the newsletter off on the mail client's one-click POST, which the origin guard lets through to this path only", async ({ platform }) => {
    const member = await addMember(platform, "unsub-oneclick@example.jp");
    const path = await linkOf(member.id);
    expect(refuseCrossSiteMutation(oneClick(path))).toBeNull();
    expect(refuseCrossSiteMutation(oneClick("/user/profile?index"))?.status).toBe(403);
    const answered = await post(platform, oneClick(path));
    expect(answered.status).toBe(200);
    expect(await answered.response?.text()).toBe(NEWSLETTER_MESSAGES.stopped);
    expect((await userRow(platform, member.id)).newsletter).toBe(false);
    expect(await valueOf<UnsubscribeView>(await open(platform, path))).toEqual({ ok: true, subscribed: false, notice: null });
  });

  it("gets the one-click POST from the provider's origin past Remix's own check, as the Worker hands it over", async ({ platform }) => {
    const member = await addMember(platform, "unsub-provider@example.jp");
    const path = await linkOf(member.id);
    const { handle } = remixHandlerFor(import.meta.glob("../../app/routes/newsletter.unsubscribe.tsx", { eager: true }));
    const fromProvider = () => {
      const request = oneClick(path);
      request.headers.set("Origin", "https://mail.provider.example");
      return request;
    };
    expect(refuseCrossSiteMutation(fromProvider())).toBeNull();
    // Remix's own same-host check refuses the provider's Origin before the action runs (this harness renders
    // no documents, so the answer's status tells nothing here; the e2e spec checks the 200).
    await handle(fromProvider(), contextFor(platform));
    expect((await userRow(platform, member.id)).newsletter).toBe(true);
    // The Worker hands the request over without it: the action runs.
    await handle(requestForRemix(fromProvider()), contextFor(platform));
    expect((await userRow(platform, member.id)).newsletter).toBe(false);
    // Any other request keeps its Origin (Remix's check stays where the shop's guard let a request through).
    const other = new Request(`${TEST_ORIGIN}/user/profile?index`, { method: "POST", headers: { Origin: TEST_ORIGIN } });
    expect(requestForRemix(other)).toBe(other);
  });

  it("turns it off from the page's button too, back to the page with the notice (JS on or off)", async ({ platform }) => {
    const member = await addMember(platform, "unsub-button@example.jp");
    const path = await linkOf(member.id);
    const request = new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_ORIGIN, "Sec-Fetch-Mode": "cors" },
      body: "List-Unsubscribe=One-Click&from_page=1",
    });
    const outcome = await post(platform, request);
    expectRedirect(outcome, 303, `${path}&notice=stopped#result`);
    expect((await userRow(platform, member.id)).newsletter).toBe(false);
    expect(await valueOf<UnsubscribeView>(await open(platform, `${path}&notice=stopped`))).toEqual({
      ok: true,
      subscribed: false,
      notice: NEWSLETTER_MESSAGES.stopped,
    });
  });

  it("refuses a wrong signature, another member's signature, a missing one and a bad id, changing nothing", async ({ platform }) => {
    const member = await addMember(platform, "unsub-bad@example.jp");
    const othersChoice = (await userRow(platform, OTHER_ID)).newsletter;
    const own = new URL(await linkOf(member.id), TEST_ORIGIN);
    const signature = own.searchParams.get("s")!;
    const otherSignature = new URL(await linkOf(OTHER_ID), TEST_ORIGIN).searchParams.get("s")!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    const forged = new URL(await newsletterUnsubscribeUrl(TEST_ORIGIN, member.id, "someone-elses-secret"));
    const bad = [
      `/newsletter/unsubscribe?u=${member.id}&s=${flipped}`,
      `/newsletter/unsubscribe?u=${member.id}&s=${otherSignature}`,
      `/newsletter/unsubscribe?u=${member.id}`,
      `/newsletter/unsubscribe?u=abc&s=${signature}`,
      `/newsletter/unsubscribe?u=${member.id}&s=${signature}x`,
      `${forged.pathname}${forged.search}`,
    ];
    for (const path of bad) {
      const opened = await open(platform, path);
      expect(opened.status).toBe(400);
      expect(await valueOf<UnsubscribeView>(opened)).toEqual({ ok: false, error: NEWSLETTER_MESSAGES.badLink });
      const posted = await post(platform, oneClick(path));
      expect(posted.status).toBe(400);
      expect(await posted.response?.text()).toBe(NEWSLETTER_MESSAGES.badLink);
    }
    expect((await userRow(platform, member.id)).newsletter).toBe(true);
    expect((await userRow(platform, OTHER_ID)).newsletter).toBe(othersChoice);
  });
});
