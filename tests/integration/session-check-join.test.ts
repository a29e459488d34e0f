/**
 * The session check riding in a page's batch (decision 0069), on a real local D1: it travels in the page's
 * next read batch (one round trip), goes alone when none comes, and until it passes no answer of the request
 * reaches the page; a failed check refuses every answer and sends no write; a page query that fails on its own
 * does not take the check down with it.
 */
import { describe, expect } from "vitest";
import { countD1RoundTrips, emptyD1Usage } from "~/db/client.server";
import { joinSessionCheck } from "~/db/session-check-join.server";
import { platformTest, type TestPlatform } from "../support/platform-test";

const it = platformTest();

function joined(platform: TestPlatform) {
  const usage = emptyD1Usage();
  return { usage, join: joinSessionCheck(countD1RoundTrips(platform.env.DB, usage)) };
}

const select = (d1: D1Database, value: number) => d1.prepare("select ? as n").bind(value);

describe("the check's round trip", () => {
  it("travels in the page's next read batch: one round trip answers both", async ({ platform }) => {
    const { usage, join } = joined(platform);
    const rider = join.checkRider();
    const check = rider.d1.batch([select(rider.d1, 1)]);
    join.holdAnswersUntil(check.then(() => undefined));
    const page = await join.d1.batch([select(join.d1, 2), select(join.d1, 3)]);
    expect((await check).map((result) => result.results)).toEqual([[{ n: 1 }]]);
    expect(page.map((result) => result.results)).toEqual([[{ n: 2 }], [{ n: 3 }]]);
    expect(usage).toMatchObject({ roundTrips: 1, sequentialTrips: 1 });
  });

  it("waits for the check's statements while they are being made, then takes them along", async ({ platform }) => {
    const { usage, join } = joined(platform);
    const rider = join.checkRider();
    const page = join.d1.batch([select(join.d1, 2)]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const check = rider.d1.batch([select(rider.d1, 1)]);
    expect((await page)[0]!.results).toEqual([{ n: 2 }]);
    expect((await check)[0]!.results).toEqual([{ n: 1 }]);
    expect(usage.roundTrips).toBe(1);
  });

  it("holds a batch sent before the cookie was read until the check is decided, then takes it along", async ({ platform }) => {
    const { usage, join } = joined(platform);
    let decide!: () => void;
    join.holdCallsUntil(new Promise<void>((resolve) => (decide = resolve)));
    const page = join.d1.batch([select(join.d1, 2)]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(usage.roundTrips).toBe(0);
    const rider = join.checkRider();
    decide();
    const check = rider.d1.batch([select(rider.d1, 1)]);
    expect((await page)[0]!.results).toEqual([{ n: 2 }]);
    expect((await check)[0]!.results).toEqual([{ n: 1 }]);
    expect(usage.roundTrips).toBe(1);
  });

  it("goes at once beside a single statement, which it cannot ride in: both in flight together", async ({ platform }) => {
    const { usage, join } = joined(platform);
    const rider = join.checkRider();
    const check = rider.d1.batch([select(rider.d1, 1)]);
    join.holdAnswersUntil(check.then(() => undefined));
    expect(await select(join.d1, 2).first()).toEqual({ n: 2 });
    expect((await check)[0]!.results).toEqual([{ n: 1 }]);
    expect(usage).toMatchObject({ roundTrips: 2, sequentialTrips: 1 });
  });

  it("goes alone when the page makes no read batch", async ({ platform }) => {
    const { usage, join } = joined(platform);
    const rider = join.checkRider();
    expect((await rider.d1.batch([select(rider.d1, 1)]))[0]!.results).toEqual([{ n: 1 }]);
    expect(usage.roundTrips).toBe(1);
  });

  it("lets the page's batch go alone when the check could not be made", async ({ platform }) => {
    const { join } = joined(platform);
    const rider = join.checkRider();
    const page = join.d1.batch([select(join.d1, 2)]);
    rider.cancel(new Error("no statements"));
    expect((await page)[0]!.results).toEqual([{ n: 2 }]);
  });

  it("gives each its own answer when the page's query fails the joined batch", async ({ platform }) => {
    const { join } = joined(platform);
    const rider = join.checkRider();
    const check = rider.d1.batch([select(rider.d1, 1)]);
    join.holdAnswersUntil(check.then(() => undefined));
    await expect(join.d1.batch([join.d1.prepare("select * from no_such_table")])).rejects.toThrow(/no_such_table/);
    expect((await check)[0]!.results).toEqual([{ n: 1 }]);
  });
});

describe("answers held until the check passes", () => {
  it("refuses every answer with the check's reason when it fails, reads and single statements alike", async ({ platform }) => {
    const { join } = joined(platform);
    const ended = new Response(null, { status: 302, headers: { Location: "/user" } });
    let fail!: (reason: unknown) => void;
    join.holdAnswersUntil(new Promise((_, reject) => (fail = reject)));
    const batch = join.d1.batch([select(join.d1, 2)]);
    const single = select(join.d1, 3).first();
    fail(ended);
    await expect(batch).rejects.toBe(ended);
    await expect(single).rejects.toBe(ended);
  });

  it("sends no write before the check passes, and none at all when it fails", async ({ platform }) => {
    await platform.env.DB.exec("create table if not exists join_probe (n integer)");
    const { usage, join } = joined(platform);
    let fail!: (reason: unknown) => void;
    join.holdAnswersUntil(new Promise((_, reject) => (fail = reject)));
    const write = join.d1.prepare("insert into join_probe (n) values (1)").run();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(usage.roundTrips).toBe(0);
    fail(new Error("session ended"));
    await expect(write).rejects.toThrow("session ended");
    expect((await platform.env.DB.prepare("select count(*) as n from join_probe").first<{ n: number }>())!.n).toBe(0);
  });

  it("answers as soon as the check has passed", async ({ platform }) => {
    const { join } = joined(platform);
    let pass!: () => void;
    join.holdAnswersUntil(new Promise<void>((resolve) => (pass = resolve)));
    let answered = false;
    const batch = join.d1.batch([select(join.d1, 2)]).then((results) => ((answered = true), results));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    pass();
    expect((await batch)[0]!.results).toEqual([{ n: 2 }]);
  });
});
