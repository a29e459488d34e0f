/** What the catalogue CSV pages (/crm/products/import…, /merchant/products/import…) answer and their components read (types only). */
import type { CatalogueCsvPaths } from "~/core/catalogue/catalogue-csv-pages";
import type { ImportRowReport, ImportSummary } from "~/core/catalogue/catalogue-import";
import type { ImportProgress } from "~/core/catalogue/catalogue-import-progress";
import type { AppliedRow } from "~/services/catalogue/catalogue-import.server";

export type { AppliedRow, CatalogueCsvPaths, ImportProgress, ImportRowReport, ImportSummary };

/** The upload form's answer when the file as a whole cannot be read (nothing is stored or changed). */
export type CatalogueUploadActionData = { ok: false; error: string };

/** A dry run's page: every record's report and, once applied, what was applied. */
export interface CatalogueImportPageData {
  paths: CatalogueCsvPaths;
  token: string;
  filename: string;
  encodingLabel: string;
  status: "checked" | "applying" | "applied" | "failed";
  checkedAt: string;
  appliedAt: string | null;
  summary: ImportSummary;
  reports: ImportRowReport[];
  /** The apply's state and how far it is (refresh while `running`). */
  progress: ImportProgress;
  applied: AppliedRow[] | null;
  notice: string | null;
}

/** The apply form's answer when nothing was applied (already applied, nothing ticked). */
export type CatalogueApplyActionData = { ok: false; error: string };
