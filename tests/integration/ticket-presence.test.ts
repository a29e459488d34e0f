/**
 * Who else is on a ticket (issue 36 item 7) on real local D1: each staff page's beat records its viewer and
 * answers the colleagues who beat within the window, typing ones marked; a page gone quiet drops out; only
 * staff may beat, on a ticket that exists, with a well-formed body.
 */
import { describe, expect } from "vitest";
import { PRESENCE_WINDOW_MS, TYPING_WINDOW_MS } from "~/core/tickets/ticket-presence";
import * as presence from "~/routes/crm.api.tickets.presence.$ticketId";
import { COLLEAGUE_ID, STAFF_ID } from "~/services/seed/people";
import { beatPresence } from "~/services/tickets/ticket-presence.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { memberCookie, postRequest, run, valueOf } from "../support/requests";

const it = platformTest();
const TICKET = 1;

const beat = (platform: TestPlatform, cookie: string, fields: Record<string, string>, ticketId: string = String(TICKET)) =>
  run(platform, presence.action, postRequest(`/crm/api/tickets/presence/${ticketId}`, fields, { cookie }), { ticketId });

describe("POST /crm/api/tickets/presence/{ticketId}", () => {
  it("answers the colleagues on the ticket, the one typing marked, never the caller", async ({ platform, staff }) => {
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    expect(await valueOf(await beat(platform, staff, { typing: "0" }))).toEqual({ colleagues: [] });
    expect(await valueOf(await beat(platform, colleague, { typing: "1" }))).toEqual({ colleagues: [{ id: STAFF_ID, name: "佐藤 健", typing: false }] });
    expect(await valueOf(await beat(platform, staff, {}))).toEqual({ colleagues: [{ id: COLLEAGUE_ID, name: "鈴木 美咲", typing: true }] });
  });

  it("forgets typing after its window and a page after the presence window", async ({ platform }) => {
    const staff = { id: STAFF_ID, role: "staff" as const };
    const colleague = { id: COLLEAGUE_ID, role: "staff" as const };
    const at = (ms: number) => new Date(Date.UTC(2030, 0, 1) + ms);
    await beatPresence(platform.db, colleague, TICKET, true, at(0));
    // A beat that did not type keeps the last keystroke's time: still typing within the window.
    await beatPresence(platform.db, colleague, TICKET, false, at(5_000));
    expect(await beatPresence(platform.db, staff, TICKET, false, at(TYPING_WINDOW_MS - 1))).toEqual({
      ok: true,
      colleagues: [{ id: COLLEAGUE_ID, name: "鈴木 美咲", typing: true }],
    });
    expect(await beatPresence(platform.db, staff, TICKET, false, at(TYPING_WINDOW_MS + 1))).toEqual({
      ok: true,
      colleagues: [{ id: COLLEAGUE_ID, name: "鈴木 美咲", typing: false }],
    });
    expect(await beatPresence(platform.db, staff, TICKET, false, at(5_000 + PRESENCE_WINDOW_MS + 1))).toEqual({ ok: true, colleagues: [] });
  });

  it("is staff's only, on a ticket that exists, with typing 0 or 1", async ({ platform, member, staff }) => {
    expect((await beat(platform, member, { typing: "0" })).status).toBe(403);
    expect((await beat(platform, staff, { typing: "0" }, "999999")).status).toBe(404);
    expect((await beat(platform, staff, { typing: "yes" })).status).toBe(400);
    expect((await beat(platform, staff, { typing: "0" }, "abc")).status).toBe(400);
    const anonymous = await run(platform, presence.action, postRequest(`/crm/api/tickets/presence/${TICKET}`, { typing: "0" }), { ticketId: String(TICKET) });
    expect(anonymous.status).toBe(401);
  });
});
