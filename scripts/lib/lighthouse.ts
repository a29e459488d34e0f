/**
 * Lighthouse's mobile run (slow 4G, 4× CPU slowdown) for the bench, LIGHTHOUSE_RUNS times per page with
 * the throttling applied to the browser, and once simulated for comparison: one run's LCP moves by a few
 * hundred milliseconds with the machine's load, so the bench reports the run with the median LCP, every
 * run's LCP, and what the LCP element is and where its time goes (Lighthouse's
 * largest-contentful-paint-element audit).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { findChromium } from "./browser";

export const LIGHTHOUSE_RUNS = 3;

/**
 * Fetched by npx on first use rather than installed with the project: one of its dependencies asks for
 * another package's "latest" tag, which no lock file can hold, and CI has no use for it.
 */
const LIGHTHOUSE_VERSION = "12.8.2";

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  fcp: string;
  lcp: string;
  lcpMs: number;
  tbt: string;
  tbtMs: number;
  cls: string;
  /** Accessibility audits that failed, by id. */
  failing: string[];
  /** The LCP element, as Lighthouse names it. */
  lcpElement: string;
  /** TTFB, load delay, load time and render delay of the LCP, as far as the audit gives them. */
  lcpPhases: string;
}

type Audit = { id: string; score: number | null; displayValue?: string; numericValue?: number; details?: LcpDetails };
type LcpDetails = { items?: { items?: Record<string, unknown>[] }[] };

function lcpElementOf(audit: Audit | undefined): { element: string; phases: string } {
  const [elementTable, phaseTable] = audit?.details?.items ?? [];
  const node = elementTable?.items?.[0]?.node as { nodeLabel?: string; snippet?: string } | undefined;
  const phases = (phaseTable?.items ?? []).map((row) => `${String(row.phase)} ${Math.round(Number(row.timing))} ms`).join(", ");
  return { element: node ? `${node.snippet ?? ""} (${node.nodeLabel ?? ""})` : "?", phases: phases || "?" };
}

/**
 * "devtools": the browser itself runs under slow 4G and a 4× slower CPU, and the page paints when it does;
 * "simulate" (Lantern, Lighthouse's default): a model that charges every request started before the first
 * paint to it, the page's deferred module scripts included, which the browser does not wait for.
 */
type Throttling = "devtools" | "simulate";

async function lighthouseOnce(url: URL, headers: Record<string, string>, throttling: Throttling): Promise<LighthouseFigures> {
  const dir = mkdtempSync(join(tmpdir(), "bench-lh-"));
  try {
    const headersFile = join(dir, "headers.json");
    writeFileSync(headersFile, JSON.stringify(headers));
    const { stdout } = await promisify(execFile)(
      "npx",
      [
        "--yes",
        `lighthouse@${LIGHTHOUSE_VERSION}`,
        url.toString(),
        "--quiet",
        "--output=json",
        "--only-categories=performance,accessibility",
        `--throttling-method=${throttling}`,
        `--extra-headers=${headersFile}`,
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      ],
      { env: { ...process.env, CHROME_PATH: findChromium(process.env, "full") ?? "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(stdout) as {
      categories: Record<"performance" | "accessibility", { score: number; auditRefs: { id: string; weight: number }[] }>;
      audits: Record<string, Audit>;
    };
    const weighted = new Set(report.categories.accessibility.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id));
    const shown = (id: string) => report.audits[id]?.displayValue ?? "?";
    const lcp = lcpElementOf(report.audits["largest-contentful-paint-element"]);
    return {
      performance: Math.round(report.categories.performance.score * 100),
      accessibility: Math.round(report.categories.accessibility.score * 100),
      fcp: shown("first-contentful-paint"),
      lcp: shown("largest-contentful-paint"),
      lcpMs: report.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      tbt: shown("total-blocking-time"),
      tbtMs: report.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      cls: shown("cumulative-layout-shift"),
      failing: Object.values(report.audits)
        .filter((audit) => weighted.has(audit.id) && audit.score !== null && audit.score < 1)
        .map((audit) => audit.id),
      lcpElement: lcp.element,
      lcpPhases: lcp.phases,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * LIGHTHOUSE_RUNS runs under applied throttling (the budgets' figures, decision 0039): the figures of the run
 * with the median LCP, every run's LCP and TBT, and the median TBT (it need not come from the median-LCP
 * run); and one simulated run's LCP and TBT, printed beside them (a lab model, not chased).
 */
export async function lighthouseMedian(
  url: URL,
  headers: Record<string, string>,
): Promise<LighthouseFigures & { runs: string[]; medianTbtMs: number; simulated: string }> {
  const runs: LighthouseFigures[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) runs.push(await lighthouseOnce(url, headers, "devtools"));
  const byLcp = [...runs].sort((a, b) => a.lcpMs - b.lcpMs);
  const simulated = await lighthouseOnce(url, headers, "simulate");
  return {
    ...byLcp[Math.floor(byLcp.length / 2)]!,
    medianTbtMs: median(runs.map((run) => run.tbtMs)),
    runs: runs.map((run) => `${run.lcp}, TBT ${run.tbt} (perf ${run.performance}, a11y ${run.accessibility})`),
    simulated: `LCP ${simulated.lcp}, TBT ${simulated.tbt}, performance ${simulated.performance}`,
  };
}
