/**
 * The catalogue CSV over HTTP, for staff (/crm/products…) and merchants (/merchant/products…): the export
 * of the products in scope (UTF-8 with the BOM so Excel opens the Japanese, formula cells defused), the
 * upload that runs the dry run and shows its report at /…/import/{token} (PRG, works without JS), the
 * apply of the records the person kept (started here, run in chunks on the queue), and its progress.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { CATALOGUE_CSV_COLUMNS, CATALOGUE_IMPORT_MESSAGES, encodingLabel } from "~/core/catalogue/catalogue-csv";
import { CATALOGUE_IMPORT_LIMITS, type CatalogueCsvPaths } from "~/core/catalogue/catalogue-csv-pages";
import { catalogueRecords } from "~/core/catalogue/catalogue-csv-cells";
import { summaryOf } from "~/core/catalogue/catalogue-import";
import { utf8Csv } from "~/core/csv";
import { formatDateTime, jstDate } from "~/core/dates";
import { startCatalogueApply } from "~/services/catalogue/catalogue-import-apply.server";
import { checkCatalogueImport, loadCatalogueImport } from "~/services/catalogue/catalogue-import.server";
import { parseListingQuery } from "~/core/search/listing-query";
import { productListing } from "~/core/catalogue/product-listing";
import { catalogueLookups, catalogueProducts } from "~/services/catalogue/catalogue-records.server";
import { listedProductIds, listingOptions } from "~/services/catalogue/product-listing.server";
import type { CatalogueEditor } from "../account/auth.server";
import { advanceImportWithoutQueue, dispatchCatalogueImport } from "./catalogue-import-queue.server";
import { invariantResponse, readFormData, redirectWithNotice } from "../http.server";
import { redirectedNotice } from "../input.server";
import type { CatalogueApplyActionData, CatalogueImportPageData, CatalogueUploadActionData } from "../types/catalogue-csv";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * The products of the editor's scope that the list (/crm/products, /merchant/products) shows with the same
 * filters and order in the URL, every page, as the catalogue CSV (a download); no filter: every product.
 */
export async function catalogueCsvDownload(request: Request, context: AppLoadContext, editor: CatalogueEditor, now: Date = new Date()): Promise<Response> {
  const options = await listingOptions(context.db, editor.scope);
  const query = parseListingQuery(productListing(editor.scope.kind, options.categories, options.merchants), new URL(request.url).searchParams);
  const ids = await listedProductIds(context.db, editor.scope, options, query);
  const [found, lookups] = await Promise.all([catalogueProducts(context.db, editor.scope, ids), catalogueLookups(context.db)]);
  const csv = utf8Csv(
    CATALOGUE_CSV_COLUMNS.map((column) => column.header),
    catalogueRecords(found, lookups),
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${jstDate(now).replaceAll("-", "")}.csv"`,
      ...NO_STORE,
    },
  });
}

/** The multipart envelope around the file (boundaries, the field's headers) on top of the file's own limit. */
const ENVELOPE_BYTES = 16 * 1024;

function refused(error: string, status: 400 | 413) {
  return data<CatalogueUploadActionData>({ ok: false, error }, { status, headers: NO_STORE });
}

/** Reads the uploaded file (field `file`) and runs its dry run; answers the dry run's page, or why the file cannot be read. */
export async function catalogueUploadAction(request: Request, context: AppLoadContext, editor: CatalogueEditor, paths: CatalogueCsvPaths) {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > CATALOGUE_IMPORT_LIMITS.maxBytes + ENVELOPE_BYTES) return refused(CATALOGUE_IMPORT_MESSAGES.tooLarge, 413);
  const file = (await readFormData(request)).get("file");
  if (!(file instanceof File) || file.size === 0) return refused(CATALOGUE_IMPORT_MESSAGES.noFile, 400);
  if (file.size > CATALOGUE_IMPORT_LIMITS.maxBytes) return refused(CATALOGUE_IMPORT_MESSAGES.tooLarge, 413);
  const checked = await checkCatalogueImport(context.db, context.cloudflare.env.ATTACHMENTS, {
    scope: editor.scope,
    userId: editor.user.id,
    filename: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    now: new Date(),
  });
  if (!checked.ok) return refused(checked.error, 400);
  return redirect(`${paths.imports}/${checked.token}`, { status: 303, headers: NO_STORE });
}

const APPLY_NOTICES = { applied: "選んだ行の反映を始めました。進み具合はこのページに表示されます。" } as const;

/** The dry run `token` of the editor (another person's, or none, is 404), with the apply's progress and results. */
export async function catalogueImportPage(
  request: Request,
  context: AppLoadContext,
  editor: CatalogueEditor,
  paths: CatalogueCsvPaths,
  token: string | undefined,
) {
  const bucket = context.cloudflare.env.ATTACHMENTS;
  let view = token ? await loadCatalogueImport(context.db, bucket, token, editor.user.id) : null;
  invariantResponse(view, CATALOGUE_IMPORT_MESSAGES.notFound, { status: 404 });
  if (view.progress.running) {
    await advanceImportWithoutQueue(context, view.id, new Date());
    view = (await loadCatalogueImport(context.db, bucket, view.token, editor.user.id)) ?? view;
  }
  return data<CatalogueImportPageData>(
    {
      paths,
      token: view.token,
      filename: view.filename,
      encodingLabel: encodingLabel(view.encoding),
      status: view.status,
      checkedAt: formatDateTime(view.createdAt),
      appliedAt: view.appliedAt ? formatDateTime(view.appliedAt) : null,
      summary: summaryOf(view.reports),
      reports: view.reports,
      progress: view.progress,
      applied: view.applied,
      notice: redirectedNotice(request, APPLY_NOTICES),
    },
    { headers: NO_STORE },
  );
}

/** Starts applying the ticked records (`line` fields) of the dry run `token`, once; its page shows the progress. */
export async function catalogueApplyAction(
  request: Request,
  context: AppLoadContext,
  editor: CatalogueEditor,
  paths: CatalogueCsvPaths,
  token: string | undefined,
) {
  invariantResponse(token, CATALOGUE_IMPORT_MESSAGES.notFound, { status: 404 });
  const form = await readFormData(request);
  const ticked = new Set(
    form
      .getAll("line")
      .map((value) => Number(value))
      .filter((line) => Number.isInteger(line) && line > 1),
  );
  const result = await startCatalogueApply(context.db, context.cloudflare.env.ATTACHMENTS, {
    token,
    userId: editor.user.id,
    actor: editor.actor,
    ticked,
    now: new Date(),
  });
  if (!result.ok) {
    invariantResponse(result.status !== 404, result.error, { status: 404 });
    return data<CatalogueApplyActionData>({ ok: false, error: result.error }, { status: result.status, headers: NO_STORE });
  }
  dispatchCatalogueImport(context, result.importId);
  return redirectWithNotice(`${paths.imports}/${token}`, "applied");
}
