import { loginCookie, serverTime } from "./scripts/lib/bench-http";
import { STAFF_EMAIL, MERCHANT_EMAIL } from "./app/services/seed/people";
const staff = { Cookie: await loginCookie(STAFF_EMAIL) };
const merchant = { Cookie: await loginCookie(MERCHANT_EMAIL) };
const only = process.argv.slice(2).filter((a) => !a.startsWith("--") && !/^\d+$/.test(a));
const today = new Date(Date.now() + 9 * 3600e3).toISOString().slice(0, 10);
const back = (days: number) => new Date(Date.now() + 9 * 3600e3 - (days - 1) * 86400e3).toISOString().slice(0, 10);
const pages: [string, string, Record<string, string>][] = [];
for (const days of [30, 366]) {
  for (const by of ["day", "month", "category", "product", "merchant", "payment", "customer"]) pages.push([`reports ${by} ${days}`, `/crm/reports?by=${by}&from=${back(days)}&to=${today}`, staff]);
  pages.push([`merchant sales ${days}`, `/merchant/sales?from=${back(days)}&to=${today}`, merchant]);
}
pages.push(["merchant portal", "/merchant", merchant], ["dashboard", "/crm", staff]);
for (const [name, path, headers] of pages) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const m = await serverTime(path, headers);
  console.log(`${name.padEnd(28)} [${m.status}] ${m.median.toFixed(1).padStart(7)} ms  ${m.d1}`);
}
