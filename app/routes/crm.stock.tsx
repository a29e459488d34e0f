/**
 * Staff only (/crm/stock): add stock to a product or a variation by SKU — a receipt recorded in the
 * product's stock history. Members waiting for it get a restock mail (restockItem). The page lists the
 * items members are waiting for.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as v from "valibot";
import { requireStaff, requireStaffCatalogueEditor } from "~/web/account/auth.server";
import { StockPage } from "~/components/crm/StockPage";
import { atResult, readFormData } from "~/web/http.server";
import { purgeProductPages } from "~/web/site/edge-cache.server";
import { parseInput, parseQuery, readInput } from "~/web/input.server";
import { RESTOCK_MESSAGES } from "~/core/catalogue/restock";
import type { StockActionData } from "~/web/types/stock";
import { findStockTarget, listWaitingItems, restockItem } from "~/services/member/restock.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `在庫の追加 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const { done, inventory, notified } = parseQuery(request, DoneQuerySchema);
  const notice = done ? `「${done}」の在庫を追加しました（現在の在庫 ${inventory}点、再入荷のお知らせ ${notified}件）。` : null;
  return data({ waiting: await listWaitingItems(context.db), notice }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Typed text, full-width letters and digits made ASCII; a field left out is empty. */
const typed = v.pipe(
  v.optional(v.string(), ""),
  v.transform((text) => text.normalize("NFKC").trim()),
);
const TypedRestockSchema = v.object({ sku: v.fallback(typed, ""), quantity: v.fallback(typed, "") });
const RestockSchema = v.object({
  sku: v.pipe(typed, v.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, RESTOCK_MESSAGES.sku)),
  quantity: v.pipe(typed, v.regex(/^\d{1,5}$/, RESTOCK_MESSAGES.quantity), v.transform(Number)),
});

/** The notice after a restock (PRG): what was restocked, its stock now and how many were told. */
const DoneQuerySchema = v.object({
  done: v.fallback(
    v.nullable(
      v.pipe(
        v.string(),
        v.transform((title) => title.slice(0, 120)),
      ),
    ),
    null,
  ),
  inventory: v.fallback(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)), 0),
  notified: v.fallback(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)), 0),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireStaffCatalogueEditor(request, context);
  const form = await readFormData(request);
  // What was typed goes back into the form with any message.
  const echo = parseInput(TypedRestockSchema, form);
  const read = readInput(RestockSchema, form);
  if (!read.ok) return data<StockActionData>({ field: read.field === "quantity" ? "quantity" : "sku", error: read.error, ...echo }, { status: 400 });
  const target = await findStockTarget(context.db, read.input.sku);
  if (!target) return data<StockActionData>({ field: "sku", error: RESTOCK_MESSAGES.skuNotFound, ...echo }, { status: 404 });
  const result = await restockItem(context.db, { ...target, quantity: read.input.quantity }, actor);
  if (!result.ok) return data<StockActionData>({ field: result.field, error: result.error, ...echo }, { status: result.status });
  await purgeProductPages(context, [target.productId]);
  const params = new URLSearchParams({ done: result.title, inventory: String(result.inventory), notified: String(result.notified) });
  throw redirect(atResult(`/crm/stock?${params}`), 303);
}

export default function CrmStock() {
  return <StockPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>() ?? null} />;
}
