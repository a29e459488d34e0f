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
 */
import { test } from "vitest";
import { MEMBER_ID, MERCHANT_USER_ID, OTHER_ID, OTHER_MERCHANT_USER_ID, STAFF_ID } from "~/db/seed/people";
import { seedDatabase } from "~/db/seed/seed.server";
import { createTestPlatform, type TestPlatform } from "./platform";
import { memberCookie } from "./requests";

export type { TestPlatform };

export interface PlatformTestOptions {
  /** The seed's clock (the demo data's dates count from it); pass the file's own time when its assertions use it. Default: the moment the platform is made. */
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

// A fixture's second argument is named `provide` (Vitest calls it `use`; React's lint rules would read
// `use(...)` as a hook), as in tests/e2e/fixtures.ts.
export function platformTest(options: PlatformTestOptions = {}) {
  return test.extend<PlatformFixtures>({
    platform: [
      // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this destructuring; the platform has none.
      async ({}, provide) => {
        const platform = await createTestPlatform();
        try {
          if (options.seed !== false) {
            await seedDatabase(platform.db, { now: options.seedAt ?? new Date(), bucket: options.reviewPhotos ? platform.env.ATTACHMENTS : undefined });
          }
          await provide(platform);
        } finally {
          await platform.dispose();
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
