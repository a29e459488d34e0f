import { describe, expect, it } from "vitest";
import { PAGE_WINDOW, pageCount, paginatorPages } from "~/core/paginator";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe("paginatorPages (0-based, within 4 of the current plus first and last)", () => {
  it("uses a window of 4 pages", () => {
    expect(PAGE_WINDOW).toBe(4);
  });

  it("shows nothing without pages", () => {
    expect(paginatorPages(0, 0)).toEqual([]);
    expect(paginatorPages(3, 0)).toEqual([]);
    expect(paginatorPages(0, -1)).toEqual([]);
    expect(paginatorPages(0, Number.NaN)).toEqual([]);
  });

  it("shows the one page of a single-page list", () => {
    expect(paginatorPages(0, 1)).toEqual([0]);
  });

  it("shows every page of 10 when the current page is in the middle", () => {
    expect(paginatorPages(5, 10)).toEqual(range(0, 9));
  });

  it("shows the window and the last page of 10 at the start", () => {
    expect(paginatorPages(0, 10)).toEqual([0, 1, 2, 3, 4, 9]);
    expect(paginatorPages(4, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("shows the first page and the window of 10 at the end", () => {
    expect(paginatorPages(9, 10)).toEqual([0, 5, 6, 7, 8, 9]);
  });

  it("keeps 4 either side of the current page of 20", () => {
    expect(paginatorPages(10, 20)).toEqual([0, ...range(6, 14), 19]);
    expect(paginatorPages(0, 20)).toEqual([0, 1, 2, 3, 4, 19]);
    expect(paginatorPages(19, 20)).toEqual([0, 15, 16, 17, 18, 19]);
  });

  it("adds no duplicate where the window reaches the first or last page (limit and limit+1)", () => {
    expect(paginatorPages(4, 20)).toEqual([...range(0, 8), 19]);
    expect(paginatorPages(5, 20)).toEqual([...range(0, 9), 19]);
    expect(paginatorPages(15, 20)).toEqual([0, ...range(11, 19)]);
    expect(paginatorPages(14, 20)).toEqual([0, ...range(10, 18), 19]);
  });

  it("treats a current page outside the list as the nearest page", () => {
    expect(paginatorPages(-3, 20)).toEqual(paginatorPages(0, 20));
    expect(paginatorPages(99, 20)).toEqual(paginatorPages(19, 20));
  });

  it("returns sorted, unique pages", () => {
    for (let total = 1; total <= 20; total++) {
      for (let current = 0; current < total; current++) {
        const pages = paginatorPages(current, total);
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
        expect(pages[0]).toBe(0);
        expect(pages.at(-1)).toBe(total - 1);
        expect(pages).toContain(current);
      }
    }
  });
});

describe("pageCount", () => {
  it("rounds partial pages up", () => {
    expect(pageCount(0, 24)).toBe(0);
    expect(pageCount(1, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(73, 24)).toBe(4);
  });
  it("is 0 for a nonsensical page size", () => {
    expect(pageCount(10, 0)).toBe(0);
  });
});
