/**
 * What the catalogue CSV pages show and link (the upload form's limits and list separator, the report's
 * outcome labels, each scope's paths), apart from the file's reading (app/core/catalogue/catalogue-csv.ts, with the
 * Shift_JIS codec) and the dry run (app/core/catalogue/catalogue-import.ts, with the editor's Valibot schema): the
 * pages import only this, so neither comes to the browser.
 */

/** Where a scope's catalogue CSV pages are: the products listing (its CSV at `${listing}.csv`) and the upload page (a dry run at `${imports}/{token}`). */
export interface CatalogueCsvPaths {
  listing: string;
  imports: string;
}

export const STAFF_CATALOGUE_CSV_PATHS: CatalogueCsvPaths = { listing: "/crm/products", imports: "/crm/products/import" };
export const MERCHANT_CATALOGUE_CSV_PATHS: CatalogueCsvPaths = { listing: "/merchant/products", imports: "/merchant/products/import" };

/** The separator of a list cell (categories, features, tags). */
export const LIST_SEPARATOR = "|";

/**
 * One file at a time: 10,000 records (a large shop's whole catalogue) in at most 8 MB, which a Worker reads,
 * checks and stores well inside its memory and time. A larger catalogue is split into several files.
 */
export const CATALOGUE_IMPORT_LIMITS = { maxBytes: 8 * 1024 * 1024, maxRows: 10_000 } as const;

export type RowOutcome = "create" | "update" | "unchanged" | "refused";

export const ROW_OUTCOME_LABELS: Record<RowOutcome, string> = { create: "新規", update: "変更", unchanged: "変更なし", refused: "取り込めません" };
