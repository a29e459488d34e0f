/**
 * The integration tests' one fixture: `platformTest(options)` is Vitest's `test` with a fresh, migrated
 * local platform (D1, R2, KV) per test file, seeded with the demo data, and the demo accounts' session
 * cookies. Each is made for the first test of the file that asks for it (by destructuring it) and
 * disposed after the file's last test, so the tests of one file share one store, in order, and no two files
 * share anything.
 *
 *   const it = platformTest({ seedAt: NOW });
 *   it("…", async ({ platform, member }) => { … });
 *
 * A file that needs more set up once (extra rows, a server) adds a file-scoped fixture with `.extend`.
 * The seeded store is a copy of one seeded once per run and seed (platform-template.ts), not seeded anew.
 */
import { rm } from "node:fs/promises";
import { inject, test } from "vitest";
import { MEMBER_ID, MERCHANT_USER_ID, OTHER_ID, OTHER_MERCHANT_USER_ID, STAFF_ID } from "~/services/seed/people";
import { createTestPlatform, type TestPlatform } from "./platform";
import { seededStoreCopy } from "./platform-template";
import { memberCookie } from "./requests";

export type { TestPlatform };

export interface PlatformTestOptions {
  /** The seed's clock (the demo data's dates count from it). Default: the run's (seedClock()), which a file whose assertions count from the seed's time uses as its `now`. */
  seedAt?: Date;
  /** Also store the demo reviews' photos in R2 (the seed does it only when given the bucket). */
  reviewPhotos?: boolean;
  /** `false`: migrated but empty, for tests of the seed itself or of bare D1. */
  seed?: boolean;
}

export interface PlatformFixtures {
  platform: TestPlatform;
  /** Session cookies ("name=value") of the seeded demo member, the other member and staff. */
  member: string;
  other: string;
  staff: string;
  /** The demo merchant's login (十勝しあわせ牧場) and the other merchant's (有田 青華窯). */
  merchant: string;
  otherMerchant: string;
}

/** A test's platform and the demo member's cookie, for helpers that call a page as the member unless told otherwise. */
export type AsMember = Pick<PlatformFixtures, "platform" | "member">;

const FILE = { scope: "file" } as const;

/** The clock the run's default seed counts from (tests/support/global-setup.ts): a file's `now` when its assertions count from the seed's time. */
export function seedClock(): Date {
  return new Date(inject("seedClock"));
}

// A fixture's second argument is named `provide` (Vitest calls it `use`; React's lint rules would read
// `use(...)` as a hook), as in tests/e2e/fixtures.ts.
export function platformTest(options: PlatformTestOptions = {}) {
  return test.extend<PlatformFixtures>({
    platform: [
      // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this destructuring; the platform has none.
      async ({}, provide) => {
        const store =
          options.seed === false
            ? undefined
            : await seededStoreCopy(inject("storeDirectory"), { now: options.seedAt ?? seedClock(), reviewPhotos: options.reviewPhotos ?? false });
        const platform = await createTestPlatform(store ? { migrated: false, persistTo: store } : {});
        try {
          await provide(platform);
        } finally {
          await platform.dispose();
          if (store) await rm(store, { recursive: true, force: true });
        }
      },
      FILE,
    ],
    member: [async ({ platform }, provide) => provide(await memberCookie(platform, MEMBER_ID)), FILE],
    other: [async ({ platform }, provide) => provide(await memberCookie(platform, OTHER_ID)), FILE],
    staff: [async ({ platform }, provide) => provide(await memberCookie(platform, STAFF_ID)), FILE],
    merchant: [async ({ platform }, provide) => provide(await memberCookie(platform, MERCHANT_USER_ID)), FILE],
    otherMerchant: [async ({ platform }, provide) => provide(await memberCookie(platform, OTHER_MERCHANT_USER_ID)), FILE],
  });
}
