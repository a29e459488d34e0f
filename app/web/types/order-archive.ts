/** What the staff page of an archived order shows (app/web/archive/order-archive-page.server.ts). */
export interface ArchivedOrderPageData {
  number: string;
  placedText: string;
  archivedText: string;
  status: string;
  total: number;
  email: string;
  /** Rows the document holds per table, as 「注文明細 3件」. */
  counts: { label: string; rows: number }[];
  /** Only the owner restores. */
  canRestore: boolean;
  error: string | null;
}
