/** What both bench modes share: the local server they measure, sign-in, and timed requests. */
import { DEMO_PASSWORD, MEMBER_EMAIL } from "../../app/services/seed/people";
import { flagValue, start } from "./run";

export const PORT = Number(flagValue("port") ?? 8799);
export const ORIGIN = `http://127.0.0.1:${PORT}`;
export const STORE = ".wrangler/bench-state";

/** The production build as deployed (the Worker bundle on Miniflare) on the bench's store, reporting D1 round trips and rows read. */
export const serve = (store: "--fresh" | "--persist") =>
  start("node", ["--import", "tsx", "scripts/serve-local.ts", "--port", String(PORT), store, STORE, "--server-timing"], { quiet: true });

/** How long a bench waits for its server: seeding and bundling take minutes on a loaded 2-core machine. */
export const SERVER_START_MS = 300_000;

/** A shopper's cookies, kept by name as a browser keeps them. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  header = () => [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** A demo account's cookies (its session, and the D1 bookmark its login hands back), from logging in as the login form does. */
export async function loginCookie(email = MEMBER_EMAIL): Promise<string> {
  const response = await fetch(new URL("/login", ORIGIN), {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ORIGIN },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD, redirectTo: "/" }),
  });
  const jar = new CookieJar();
  jar.keep(response);
  return jar.header();
}

/** A guest session with DEMO-SIMPLE ×2, DEMO-OPTIONS and DEMO-MERCHANT in the cart. */
export async function cartCookie(): Promise<string> {
  const jar = new CookieJar();
  for (const form of [
    { p: "1", q: "2" },
    { p: "7", q: "1" },
    { p: "10", q: "1" },
  ]) {
    const response = await fetch(new URL("/api/cart-add", ORIGIN), {
      method: "POST",
      headers: { Origin: ORIGIN, "Sec-Fetch-Mode": "cors", Cookie: jar.header() },
      body: new URLSearchParams({ ...form, intent: "add" }),
    });
    jar.keep(response);
  }
  return jar.header();
}

/** One figure the server reported in Server-Timing (`d1`, `d1-rows`, `d1-writes` …), as text; "?" when absent. */
export function timingFigure(response: Response, name: string): string {
  const timing = response.headers.get("Server-Timing") ?? "";
  return new RegExp(`(?:^|, )${name};[^,]*dur=(\\d+)`).exec(timing)?.[1] ?? "?";
}

/** The D1 figures the server reported (Server-Timing): round trips and rows read (+ statements D1 gave no meta for). */
export function d1Usage(response: Response): string {
  const figure = (name: string) => timingFigure(response, name);
  const unmetered = figure("d1-unmetered");
  return `${figure("d1")} trips, ${figure("d1-rows")} rows read${unmetered === "0" ? "" : ` (+${unmetered} unmetered)`}`;
}

export const SAMPLES = 7;

/** Median time of SAMPLES requests one after another, and the D1 figures one of them reported. */
/**
 * A cookie that says nothing about the visitor but is not on the edge cache's neutral list
 * (app/core/site/edge-cache.ts): the page is rendered afresh (BYPASS), so the server's own time is measured.
 */
export const RENDER_AFRESH = { Cookie: "bench=render-afresh" };

export async function serverTime(path: string, headers: Record<string, string> = {}) {
  const times: number[] = [];
  let response: Response | null = null;
  for (let sample = 0; sample < SAMPLES; sample++) {
    const started = performance.now();
    response = await fetch(new URL(path, ORIGIN), { headers, redirect: "manual" });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { status: response!.status, median: times[Math.floor(SAMPLES / 2)]!, d1: d1Usage(response!) };
}
