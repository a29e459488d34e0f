/**
 * The integration tests' D1, one round trip a query (issue 35, decision 0044). Through getPlatformProxy every
 * D1 call crossed to workerd on its own, synchronously — prepare(), bind() and all() were three blocking
 * round trips of ~4 ms CPU each, most of the integration suite's time. Here a statement is prepared and bound
 * in Node as plain values, and running it (all, first, run, raw, batch, exec) sends it in one request to a
 * relay Worker that runs it on the real D1 binding, so SQLite, D1's batch transaction, its result shapes and
 * its errors (bad types included) are workerd's own. A D1 session (`withSession`, decision 0067) is relayed
 * too: each call names where the session stands (its start, then the latest bookmark D1 answered), and the
 * relay opens a session there on the real binding, so the bookmarks are D1's own.
 */
import type { Miniflare } from "miniflare";

/** The relay Worker: runs the statements it is sent on env.DB and answers what D1 answered, or its error. */
export const D1_RELAY_SCRIPT = /* js */ `
const revive = (value) =>
  value && typeof value === "object"
    ? "$bytes" in value ? Uint8Array.from(atob(value.$bytes), (c) => c.charCodeAt(0))
    : "$undefined" in value ? undefined
    : {}
    : value;
export default {
  async fetch(request, env) {
    const { method, statements, args, session } = await request.json();
    try {
      const db = session == null ? env.DB : env.DB.withSession(session);
      const prepared = statements.map(({ sql, params }) => db.prepare(sql).bind(...params.map(revive)));
      const result =
        method === "batch" ? await db.batch(prepared)
        : method === "exec" ? await db.exec(statements[0].sql)
        : await prepared[0][method](...args);
      return Response.json({ result: result === undefined ? null : result, bookmark: session == null ? null : db.getBookmark() });
    } catch (error) {
      return Response.json({ error: { message: String(error?.message ?? error), cause: error?.cause?.message } });
    }
  },
};
`;

type Method = "all" | "first" | "run" | "raw" | "batch" | "exec";
interface WireStatement {
  sql: string;
  params: unknown[];
}
type Send = (method: Method, statements: WireStatement[], args?: unknown[]) => Promise<unknown>;
/** Sends a call to the relay, in a D1 session standing at `session` (a start or a bookmark), or on the binding itself. */
type Relay = (method: Method, statements: WireStatement[], args: unknown[], session: string | null) => Promise<{ result: unknown; bookmark: string | null }>;

/** A value as it crosses to the relay: bytes as base64, undefined and other objects marked, so D1 sees what it would have seen (and refuses what it would have refused). */
function wireValue(value: unknown): unknown {
  if (value === undefined) return { $undefined: true };
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return { $bytes: Buffer.from(bytes).toString("base64") };
  }
  if (value !== null && typeof value === "object") return { $object: true };
  return value;
}

class RelayedStatement {
  constructor(
    private readonly send: Send,
    readonly sql: string,
    readonly params: unknown[] = [],
  ) {}

  bind(...params: unknown[]): RelayedStatement {
    return new RelayedStatement(this.send, this.sql, params);
  }

  wire(): WireStatement {
    return { sql: this.sql, params: this.params.map(wireValue) };
  }

  first(column?: string) {
    return this.send("first", [this.wire()], column === undefined ? [] : [column]);
  }

  all() {
    return this.send("all", [this.wire()]);
  }

  run() {
    return this.send("run", [this.wire()]);
  }

  raw(options?: { columnNames?: boolean }) {
    return this.send("raw", [this.wire()], options === undefined ? [] : [options]);
  }
}

/** The binding's methods the app and Drizzle call, over `send`: the rest of D1Database (dump) is unused here. */
function relayedMethods(send: Send) {
  return {
    prepare: (sql: string) => new RelayedStatement(send, sql),
    batch: (statements: RelayedStatement[]) =>
      send(
        "batch",
        statements.map((statement) => statement.wire()),
      ),
  };
}

/** A D1Database for Node whose queries run on `miniflare`'s relay Worker (D1_RELAY_SCRIPT as its entry). */
export function relayedD1(miniflare: Miniflare): D1Database {
  const relay: Relay = async (method, statements, args, session) => {
    const response = await miniflare.dispatchFetch("http://d1-relay/", { method: "POST", body: JSON.stringify({ method, statements, args, session }) });
    const answer = (await response.json()) as { result: unknown; bookmark: string | null } | { error: { message: string; cause?: string } };
    if ("error" in answer) {
      const { message, cause } = answer.error;
      throw new Error(message, cause === undefined ? undefined : { cause: new Error(cause) });
    }
    return answer;
  };
  const unsessioned: Send = async (method, statements, args = []) => (await relay(method, statements, args, null)).result;
  const withSession = (start = "first-unconstrained"): D1DatabaseSession => {
    let bookmark: string | null = null;
    const send: Send = async (method, statements, args = []) => {
      const answer = await relay(method, statements, args, bookmark ?? start);
      // The latest of the answers (calls run at once may answer out of order): bookmarks sort as text.
      if (answer.bookmark != null && (bookmark == null || answer.bookmark > bookmark)) bookmark = answer.bookmark;
      return answer.result;
    };
    return { ...relayedMethods(send), getBookmark: () => bookmark } as unknown as D1DatabaseSession;
  };
  const database = { ...relayedMethods(unsessioned), exec: (sql: string) => unsessioned("exec", [{ sql, params: [] }]), withSession };
  return database as unknown as D1Database;
}
