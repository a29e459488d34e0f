/**
 * First-load JavaScript as a browser meets it (issue 35): every script the page fetched before it was
 * usable — before `shop:usable`, the mark the app sets when its root has hydrated and taps reach it
 * (components/forms/useHydrated) — gzipped one file at a time as the server sends them. Beside it, what the
 * page fetched until its islands (parts that hydrate after, decision 0024) had hydrated too. Shared by
 * `npm run bench` and the first-load browser spec; budgets in docs/architecture.md.
 */
import type { Page } from "@playwright/test";
import { gzipSync } from "node:zlib";

/** Shopper pages: the scripts fetched before the page is usable. */
export const SHOPPER_FIRST_LOAD_BUDGET = 90 * 1024;
/** Staff and merchant pages (/crm, /merchant): no phone on a slow network opens them. */
export const BACK_OFFICE_FIRST_LOAD_BUDGET = 150 * 1024;

export interface FirstLoadJs {
  /** Gzip bytes and files fetched before the page was usable. */
  beforeUsable: number;
  beforeUsableFiles: number;
  /** Gzip bytes and files fetched until every part of the page had hydrated. */
  withParts: number;
  withPartsFiles: number;
}

const gzipBytes = new Map<string, number>();

async function gzipSizeOf(page: Page, url: string): Promise<number> {
  const known = gzipBytes.get(url);
  if (known !== undefined) return known;
  const size = gzipSync(await (await page.request.get(url)).body()).length;
  gzipBytes.set(url, size);
  return size;
}

/** Loads `path` in `page` (JavaScript on) and sums the scripts it fetched, as above. */
export async function measureFirstLoadJs(page: Page, path: string): Promise<FirstLoadJs> {
  await page.goto(path, { waitUntil: "load" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  const scripts = await page.evaluate(() => {
    const usable = performance.getEntriesByName("shop:usable")[0]?.startTime;
    return performance
      .getEntriesByType("resource")
      .filter((entry) => /\.m?js($|\?)/.test(new URL(entry.name).pathname))
      .map((entry) => ({ url: entry.name, beforeUsable: usable === undefined || entry.startTime < usable }));
  });
  const figures: FirstLoadJs = { beforeUsable: 0, beforeUsableFiles: 0, withParts: 0, withPartsFiles: scripts.length };
  for (const script of scripts) {
    const size = await gzipSizeOf(page, script.url);
    figures.withParts += size;
    if (script.beforeUsable) {
      figures.beforeUsable += size;
      figures.beforeUsableFiles++;
    }
  }
  return figures;
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
