/**
 * Paginator rules (spec §9): pages are 0-based; the paginator shows the pages within PAGE_WINDOW of the
 * current one, plus the first and the last.
 */
export const PAGE_WINDOW = 4;

/** How many pages `totalItems` fill at `pageSize` a page (0 when there is nothing to show). */
export function pageCount(totalItems: number, pageSize: number): number {
  if (!(totalItems > 0) || !(pageSize > 0)) return 0;
  return Math.ceil(totalItems / pageSize);
}

/**
 * The page numbers to link, sorted and unique: e.g. current 10 of 20 → [0, 6, 7, …, 14, 19].
 * A current page outside 0…totalPages-1 is treated as the nearest real page.
 */
export function paginatorPages(current: number, totalPages: number): number[] {
  const total = Number.isFinite(totalPages) ? Math.floor(totalPages) : 0;
  if (total < 1) return [];
  const last = total - 1;
  const page = Math.min(Math.max(Number.isFinite(current) ? Math.floor(current) : 0, 0), last);
  const pages = new Set<number>([0]);
  for (let n = Math.max(0, page - PAGE_WINDOW); n <= Math.min(last, page + PAGE_WINDOW); n++) pages.add(n);
  pages.add(last);
  return [...pages].sort((a, b) => a - b);
}
