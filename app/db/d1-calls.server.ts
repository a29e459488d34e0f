/**
 * One place that sees every call a D1 binding or session answers, for the wrappers a request's database is
 * built from (counting round trips, client.server.ts; the session check riding in the page's batch,
 * session-check-join.server.ts). A wrapper decides when each call runs and sees what it answers; batches are
 * handed the statements of the D1 it wraps, because workerd reads their internals.
 */
export type D1Target = D1Database | D1DatabaseSession;

/** A statement that changes data: INSERT/UPDATE/DELETE/REPLACE, also behind a WITH (Drizzle writes them in lower case). */
const WRITE_STATEMENT = /^\s*(?:insert|update|delete|replace)\b|\b(?:insert\s+(?:or\s+\w+\s+)?into|delete\s+from)\b|\bupdate\s+\S+\s+set\b/i;

export function isWriteStatement(query: string): boolean {
  return WRITE_STATEMENT.test(query);
}

export interface D1Hooks {
  /**
   * One round trip of a single statement (or `exec`). `metered` when it answers a D1Result with meta
   * (`all`, `run`); `first`, `raw` and `exec` answer without it.
   */
  statement<R>(call: { writes: boolean; metered: boolean; run: () => Promise<R> }): Promise<R>;
  /** One batch: its statements as the wrapped D1 knows them, how many write, and the call to make with them (or others). */
  batch(call: { statements: D1PreparedStatement[]; writes: number; run: (statements: D1PreparedStatement[]) => Promise<D1Result[]> }): Promise<D1Result[]>;
}

const METERED_RUNNERS = new Set(["all", "run"]);
const UNMETERED_RUNNERS = new Set(["first", "raw"]);

export function interceptD1<T extends D1Target>(d1: T, hooks: D1Hooks): T {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const writing = new WeakSet<object>();
  const wrapStatement = (statement: D1PreparedStatement, writes: boolean): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args), writes);
        if (typeof property === "string" && (METERED_RUNNERS.has(property) || UNMETERED_RUNNERS.has(property))) {
          return (...args: unknown[]) => hooks.statement({ writes, metered: METERED_RUNNERS.has(property), run: async () => value.apply(target, args) });
        }
        return value.bind(target);
      },
    });
    originals.set(proxy, statement);
    if (writes) writing.add(proxy);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === "prepare") return (query: string) => wrapStatement(target.prepare(query), isWriteStatement(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          hooks.batch({
            statements: statements.map((statement) => originals.get(statement) ?? statement),
            writes: statements.filter((statement) => writing.has(statement)).length,
            run: (inner) => target.batch(inner),
          });
      }
      if (property === "exec") {
        return (query: string) => hooks.statement({ writes: isWriteStatement(query), metered: false, run: () => (target as D1Database).exec(query) });
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
