import { describe, expect, it } from "vitest";
import type { CatalogueCsvRow } from "~/core/catalogue/catalogue-csv";
import { applyOrder, importProgress, IMPORT_STALL_MS, stallCutoff } from "~/core/catalogue/catalogue-import-progress";

const row = (line: number, sku: string, parentSku: string | null = null): CatalogueCsvRow => ({
  line,
  kind: parentSku ? "variation" : "product",
  sku,
  parentSku,
  cells: {},
});

describe("the apply's order", () => {
  it("keeps a product's records together, in the order its first record appears", () => {
    expect(applyOrder([row(2, "A-V1", "A"), row(3, "B"), row(4, "A"), row(5, "A-V2", "A")])).toEqual([
      { productSku: "A", lines: [2, 4, 5] },
      { productSku: "B", lines: [3] },
    ]);
  });
});

describe("an import's progress", () => {
  const base = { applyTotal: 200, doneRows: 0, refusedRows: 0, claimId: null };
  it("names each state in Japanese, with rows done and the percentage", () => {
    expect(importProgress({ ...base, status: "checked" })).toMatchObject({ state: "checked", running: false });
    expect(importProgress({ ...base, status: "applying" })).toMatchObject({ state: "waiting", label: "適用待ち", running: true, percent: 0 });
    expect(importProgress({ ...base, status: "applying", claimId: "c" })).toMatchObject({ state: "running", label: "適用中" });
    expect(importProgress({ ...base, status: "applying", doneRows: 50 })).toMatchObject({ state: "running", done: 50, total: 200, percent: 25 });
    expect(importProgress({ ...base, status: "applied", doneRows: 200 })).toMatchObject({ state: "done", label: "完了", percent: 100, running: false });
    expect(importProgress({ ...base, status: "applied", doneRows: 200, refusedRows: 3 })).toMatchObject({ state: "partial", label: "一部失敗", refused: 3 });
    expect(importProgress({ ...base, status: "failed" })).toMatchObject({ state: "failed", running: false });
  });

  it("counts a claim as stalled after five minutes", () => {
    expect(IMPORT_STALL_MS).toBe(5 * 60 * 1000);
    expect(stallCutoff(new Date("2026-11-24T12:05:00Z")).toISOString()).toBe("2026-11-24T12:00:00.000Z");
  });
});
