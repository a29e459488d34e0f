/**
 * D1 round trips per page (issue 39 item 2), as the server counts them (Server-Timing): all of them, and the
 * sequential ones — the longest chain of trips each sent after the one before had answered, which is what a
 * visitor far from the database waits for. Every page is budgeted at one sequential round trip: a signed-in
 * page's session check rides in the page's own batch (decision 0069). `npm run bench -- --trips` prints only
 * this; the page bench prints it after the CPU table.
 */
import { MERCHANT_EMAIL, STAFF_EMAIL } from "../../app/services/seed/people";
import { cartCookie, loginCookie, ORIGIN, RENDER_AFRESH, timingFigure } from "./bench-http";

/** The budget: one sequential D1 round trip per page (documents and their single-fetch data alike). */
export const SEQUENTIAL_TRIPS_BUDGET = 1;

/** Back-office pages allowed a second sequential round trip, and why (printed beside them). */
const SECOND_TRIP: Record<string, string> = {
  "/crm/tickets/1": "opening marks the customer's messages read: a write on a page waits for the session check",
};

type Visitor = "guest" | "cart" | "member" | "staff" | "merchant";

const PAGES: Record<Visitor, string[]> = {
  guest: ["/", "/category/kitchen", "/category/living/DEMO-SIMPLE", `/search?q=${encodeURIComponent("タオル")}`, "/guide", "/order-lookup", "/login"],
  cart: ["/cart", "/checkout"],
  member: [
    "/",
    "/category/living/DEMO-SIMPLE",
    "/cart",
    "/checkout",
    "/user",
    "/user/orders",
    "/user/orders/4",
    "/user/profile",
    "/user/profile/addresses",
    "/user/points",
    "/user/mails",
    "/user/support",
    "/user/favorites",
    "/user/buy-later",
    "/user/subscriptions",
  ],
  staff: ["/crm", "/crm/orders", "/crm/orders/4", "/crm/tickets", "/crm/tickets/1", "/crm/customers", "/crm/customers/1", "/crm/products", "/crm/reports"],
  merchant: ["/merchant", "/merchant/products", "/merchant/sales", "/merchant/statements"],
};

async function cookieOf(visitor: Visitor): Promise<string> {
  if (visitor === "guest") return RENDER_AFRESH.Cookie;
  if (visitor === "cart") return cartCookie();
  return loginCookie(visitor === "staff" ? STAFF_EMAIL : visitor === "merchant" ? MERCHANT_EMAIL : undefined);
}

/** Prints each page's round trips; answers the pages over the budget, for the bench's closing list. */
export async function benchRoundTrips(): Promise<string[]> {
  console.log(`D1 round trips per page (Server-Timing; budget: ${SEQUENTIAL_TRIPS_BUDGET} sequential)\n`);
  const over: string[] = [];
  for (const [visitor, paths] of Object.entries(PAGES) as [Visitor, string[]][]) {
    const cookie = await cookieOf(visitor);
    for (const path of paths) {
      for (const variant of [path, dataPath(path)]) {
        const response = await fetch(new URL(variant, ORIGIN), { headers: { Cookie: cookie }, redirect: "manual" });
        await response.arrayBuffer();
        const sequential = timingFigure(response, "d1-sequential");
        const why = SECOND_TRIP[path];
        const budget = why ? SEQUENTIAL_TRIPS_BUDGET + 1 : SEQUENTIAL_TRIPS_BUDGET;
        const line = `${visitor.padEnd(8)} ${variant.padEnd(58)} [HTTP ${response.status}]  ${timingFigure(response, "d1")} trips, ${sequential} sequential`;
        const exceeded = !(Number(sequential) <= budget);
        console.log(`  ${line}${exceeded ? "  OVER" : ""}${why && Number(sequential) > SEQUENTIAL_TRIPS_BUDGET ? `  (allowed ${budget}: ${why})` : ""}`);
        if (exceeded) over.push(`${line} (budget ${budget} sequential)`);
      }
    }
  }
  console.log("");
  return over;
}

/** The page's single-fetch data request, as a client-side navigation asks for it. */
function dataPath(path: string): string {
  const url = new URL(path, ORIGIN);
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname}.data`;
  return `${url.pathname}${url.search}`;
}
