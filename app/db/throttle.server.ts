/**
 * The one atomic attempt counter behind every throttle (logins, coupon codes; rules in app/core/site/throttle.ts).
 * `countAttempt` counts an attempt under each step's key in ONE D1 batch (a single transaction): each
 * statement is an `INSERT … ON CONFLICT DO UPDATE SET attempts = attempts + 1 … RETURNING`, so 100
 * simultaneous attempts get 100 distinct counts and no update is lost; a step's statement inserts nothing
 * while an earlier step's key is over its limit. Counting happens before the secret is checked, so a burst
 * is refused beyond the limit however fast it arrives.
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import { throttleVerdict, type ThrottleCount, type ThrottleStep, type ThrottleVerdict } from "~/core/site/throttle";
import type { Database } from "./client.server";
import { throttleCounters } from "./schema";

function countStatement(db: Database, step: ThrottleStep, earlier: ThrottleStep[], now: number) {
  const windowStart = now - step.rule.windowMs;
  const earlierAllow: SQL[] = earlier.map(
    (previous) =>
      sql`coalesce((select ${throttleCounters.attempts} from ${throttleCounters} where ${throttleCounters.key} = ${previous.key}), 0) <= ${previous.rule.maxAttempts}`,
  );
  const newRow = db
    .select({
      key: sql<string>`${step.key}`.as("key"),
      attempts: sql<number>`1`.as("attempts"),
      windowStartedAt: sql<number>`${now}`.as("window_started_at"),
    })
    .from(sql`(select 1)`)
    // A WHERE is required anyway: it tells SQLite that the ON CONFLICT below belongs to the INSERT.
    .where(earlierAllow.length ? sql.join(earlierAllow, sql` and `) : sql`1`);
  // In SET, the column names read the row as it was before this statement: both CASEs see the old window.
  const windowOver = sql`${throttleCounters.windowStartedAt} <= ${windowStart}`;
  return db
    .insert(throttleCounters)
    .select(newRow)
    .onConflictDoUpdate({
      target: throttleCounters.key,
      set: {
        attempts: sql`case when ${windowOver} then 1 else ${throttleCounters.attempts} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${now} else ${throttleCounters.windowStartedAt} end`,
      },
    })
    .returning({ attempts: throttleCounters.attempts, windowStartedAt: throttleCounters.windowStartedAt });
}

/** Counts one attempt under the steps' keys (in order) and answers whether it may go on. */
export async function countAttempt(db: Database, steps: ThrottleStep[], now: Date): Promise<ThrottleVerdict> {
  const at = now.getTime();
  const statements = steps.map((step, index) => countStatement(db, step, steps.slice(0, index), at));
  const [first, ...rest] = statements;
  if (!first) return { allowed: true };
  const results = await db.batch([first, ...rest]);
  const counts = results.map((rows): ThrottleCount | undefined => {
    const row = rows[0];
    return row ? { attempts: row.attempts, windowStartedAt: row.windowStartedAt.getTime() } : undefined;
  });
  return throttleVerdict(steps, counts, at);
}

/** After an attempt that succeeded: each step's key is reset or forgiven as its `onSuccess` says. */
export async function settleAttempt(db: Database, steps: ThrottleStep[]): Promise<void> {
  const reset = steps.filter((step) => step.onSuccess === "reset").map((step) => step.key);
  const forgive = steps.filter((step) => step.onSuccess === "forgive").map((step) => step.key);
  const statements = [
    ...(reset.length ? [db.delete(throttleCounters).where(inArray(throttleCounters.key, reset))] : []),
    ...(forgive.length
      ? [
          db
            .update(throttleCounters)
            .set({ attempts: sql`max(${throttleCounters.attempts} - 1, 0)` })
            .where(inArray(throttleCounters.key, forgive)),
        ]
      : []),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
