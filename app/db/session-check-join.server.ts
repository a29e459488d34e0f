/**
 * One D1 round trip for a signed-in page (decision 0069). A page request's session check does not go ahead of
 * the page's reads: it rides in the request's next read batch (or goes alone a moment later if none comes),
 * and every answer D1 gives this request is held back until the check has passed. When it fails, every one of
 * them is refused with the check's reason, so nothing read for an ended session reaches a page, and nothing is
 * written for it: a write waits for the check before it is sent.
 */
import { interceptD1, type D1Target } from "./d1-calls.server";

export interface SessionCheckJoin<T extends D1Target> {
  /** The request's D1, joined by the check. */
  d1: T;
  /**
   * A D1 for the check: its one batch waits for the request's next read batch and travels in it. Call this
   * before the page's reads begin (the check's statements may still be in the making); `cancel` lets the
   * page's batch go without it when the check cannot be built.
   */
  checkRider(): { d1: T; cancel(reason: unknown): void };
  /** Every answer of `d1` waits for `check`; when it rejects, they are refused with its reason. */
  holdAnswersUntil(check: Promise<void>): void;
  /**
   * No call of `d1` is sent before `decided` settles: the request's cookie is being read, and a check may be
   * about to ride in the page's first batch (a loader that reads before it asks who is signed in included).
   */
  holdCallsUntil(decided: Promise<void>): void;
}

interface Rider {
  /** The check's statements, once its batch is called. */
  statements: Promise<D1PreparedStatement[]>;
  /** Hands the check its batch's answer (or failure). */
  answer(results: Promise<D1Result[]>): void;
}

function deferred<T>() {
  let resolve!: (value: T | Promise<T>) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

export function joinSessionCheck<T extends D1Target>(inner: T): SessionCheckJoin<T> {
  let check: Promise<void> = Promise.resolve();
  let decided: Promise<void> = Promise.resolve();
  let waitingRider: Rider | null = null;

  /** The answer, once the check has passed (the check's failure wins over the answer's own). */
  const afterCheck = async <R>(answer: Promise<R>): Promise<R> => {
    const [settled] = await Promise.allSettled([answer]);
    await check;
    if (settled.status === "rejected") throw settled.reason;
    return settled.value;
  };

  /** The check goes now, by itself, beside a call it cannot ride in (a single statement). */
  const sendRiderAlone = () => {
    const rider = waitingRider;
    if (!rider) return;
    waitingRider = null;
    rider.answer(rider.statements.then((statements) => inner.batch(statements)));
  };

  const d1 = interceptD1(inner, {
    async statement({ writes, run }) {
      await decided;
      if (writes) {
        await check;
        return run();
      }
      sendRiderAlone();
      return afterCheck(run());
    },
    async batch({ statements, writes, run }) {
      await decided;
      if (writes) {
        await check;
        return run(statements);
      }
      const rider = waitingRider;
      if (!rider) return afterCheck(run(statements));
      waitingRider = null;
      const riderStatements = await rider.statements.catch(() => null);
      if (!riderStatements) return afterCheck(run(statements));
      const joined = run([...riderStatements, ...statements]);
      rider.answer(
        joined.then(
          (results) => results.slice(0, riderStatements.length),
          // One of the two failed the batch (a page's query may fail on purpose, a bad search): each goes alone, so each gets its own answer.
          () => run(riderStatements),
        ),
      );
      return afterCheck(joined.then((results) => results.slice(riderStatements.length)).catch(() => run(statements)));
    },
  });

  return {
    d1,
    checkRider() {
      const statements = deferred<D1PreparedStatement[]>();
      const results = deferred<D1Result[]>();
      statements.promise.catch(() => {});
      const rider: Rider = { statements: statements.promise, answer: results.resolve };
      waitingRider = rider;
      const riderD1 = interceptD1(inner, {
        statement: ({ run }) => run(),
        batch({ statements: mine }) {
          statements.resolve(mine);
          // No read came along in this turn of the event loop: the check goes alone.
          setTimeout(() => {
            if (waitingRider === rider) sendRiderAlone();
          }, 0);
          return results.promise;
        },
      });
      return {
        d1: riderD1,
        cancel(reason) {
          statements.reject(reason);
          if (waitingRider === rider) waitingRider = null;
        },
      };
    },
    holdCallsUntil(next) {
      decided = next.catch(() => undefined);
    },
    holdAnswersUntil(next) {
      next.catch(() => {});
      const before = check;
      check = Promise.all([before, next]).then(() => undefined);
      check.catch(() => {});
    },
  };
}
