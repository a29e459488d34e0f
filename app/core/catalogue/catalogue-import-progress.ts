/**
 * The catalogue import's apply in chunks (docs/decisions/0019-catalogue-import-queue.md), pure: the order
 * the kept records are applied in (product by product, a product with its variations' records together),
 * how many products one chunk takes, when a claimed chunk counts as stalled, and how far an import is.
 */
import type { CatalogueCsvRow } from "./catalogue-csv";

/**
 * Products one queue invocation applies. A product costs about 6–10 statements in D1 batches of up to 40
 * products (one D1 call each); 250 products make about 7 such calls plus a dozen reads, and even when every
 * product fails and is retried alone (the halving in catalogue-import-apply.server.ts, about two calls per
 * product) the chunk stays under the 1,000 D1 calls a Workers Paid invocation may make. Locally (miniflare,
 * about 12 ms per statement) a chunk takes some 20 s; on D1 far less, well inside the CPU limit.
 */
export const PRODUCTS_PER_CHUNK = 250;

/** A claim older than this is taken over (the consumer died); the 5-minute cron looks for such imports. */
export const IMPORT_STALL_MS = 5 * 60 * 1000;

export function stallCutoff(now: Date): Date {
  return new Date(now.getTime() - IMPORT_STALL_MS);
}

/** One product's kept records, in file order. */
export interface ApplyUnit {
  productSku: string;
  lines: number[];
}

/** The kept records grouped by product, in the order their first record appears in the file. */
export function applyOrder(kept: readonly CatalogueCsvRow[]): ApplyUnit[] {
  const units = new Map<string, ApplyUnit>();
  for (const row of kept) {
    const productSku = row.kind === "product" ? row.sku : row.parentSku!;
    const unit = units.get(productSku) ?? { productSku, lines: [] };
    unit.lines.push(row.line);
    units.set(productSku, unit);
  }
  return [...units.values()];
}

export type ImportState = "checked" | "waiting" | "running" | "done" | "partial" | "failed";

export const IMPORT_STATE_LABELS: Record<ImportState, string> = {
  checked: "確認済み（未反映）",
  waiting: "適用待ち",
  running: "適用中",
  done: "完了",
  partial: "一部失敗",
  failed: "中断",
};

export interface ImportProgress {
  state: ImportState;
  label: string;
  /** Kept records done (saved or refused) and to do. */
  done: number;
  total: number;
  percent: number;
  refused: number;
  /** Whether the page should keep refreshing. */
  running: boolean;
}

export function importProgress(row: {
  status: "checked" | "applying" | "applied" | "failed";
  applyTotal: number;
  doneRows: number;
  refusedRows: number;
  claimId: string | null;
}): ImportProgress {
  const state: ImportState =
    row.status === "checked"
      ? "checked"
      : row.status === "failed"
        ? "failed"
        : row.status === "applied"
          ? row.refusedRows > 0
            ? "partial"
            : "done"
          : row.doneRows === 0 && row.claimId == null
            ? "waiting"
            : "running";
  const total = row.applyTotal;
  const done = Math.min(row.doneRows, total);
  return {
    state,
    label: IMPORT_STATE_LABELS[state],
    done,
    total,
    percent: total === 0 ? 0 : Math.floor((done / total) * 100),
    refused: row.refusedRows,
    running: state === "waiting" || state === "running",
  };
}
