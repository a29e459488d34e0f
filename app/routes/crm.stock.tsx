/**
 * Staff only (/crm/stock): add stock to a product or a variation by SKU. Members waiting for it get a
 * restock mail (restockItem). The page lists the items members are waiting for.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as v from "valibot";
import { requireStaff } from "~/web/auth.server";
import { Notice } from "~/components/member/MemberHeading";
import { SHOP_NAME } from "~/core/site";
import { atResult, readFormData } from "~/web/http.server";
import { parseInput, parseQuery, readInput } from "~/web/input.server";
import { MAX_RESTOCK_QUANTITY, RESTOCK_MESSAGES } from "~/core/restock";
import { findStockTarget, listWaitingItems, restockItem } from "~/services/restock.server";

export const meta: MetaFunction = () => [{ title: `在庫の追加 | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

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

export type StockActionData = { field: "sku" | "quantity"; error: string; sku: string; quantity: string };

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, context);
  const form = await readFormData(request);
  // What was typed goes back into the form with any message.
  const echo = parseInput(TypedRestockSchema, form);
  const read = readInput(RestockSchema, form);
  if (!read.ok) return data<StockActionData>({ field: read.field === "quantity" ? "quantity" : "sku", error: read.error, ...echo }, { status: 400 });
  const target = await findStockTarget(context.db, read.input.sku);
  if (!target) return data<StockActionData>({ field: "sku", error: RESTOCK_MESSAGES.skuNotFound, ...echo }, { status: 404 });
  const result = await restockItem(context.db, { ...target, quantity: read.input.quantity });
  if (!result.ok) return data<StockActionData>({ field: result.error === RESTOCK_MESSAGES.quantity ? "quantity" : "sku", error: result.error, ...echo }, { status: result.status });
  const params = new URLSearchParams({ done: result.title, inventory: String(result.inventory), notified: String(result.notified) });
  throw redirect(atResult(`/crm/stock?${params}`), 303);
}

export default function CrmStock() {
  const { waiting, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-0 mt-4 text-xl">在庫の追加</h1>
      <Notice text={notice} />
      <section aria-labelledby="restock-form" className="card mt-4 p-4">
        <h2 id="restock-form" className="m-0 mb-3 text-base">
          入荷を登録する
        </h2>
        <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
          <div className="grid gap-1">
            <label htmlFor="restock-sku" className="text-sm font-bold">
              SKU（商品またはタイプ）
            </label>
            <input
              id="restock-sku"
              name="sku"
              required
              maxLength={64}
              defaultValue={actionData?.sku ?? ""}
              placeholder="例：DEMO-SOLDOUT"
              autoComplete="off"
              aria-invalid={actionData?.field === "sku" || undefined}
              aria-describedby={actionData?.field === "sku" ? "restock-sku-error" : undefined}
              className="field"
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor="restock-quantity" className="text-sm font-bold">
              追加する数量
            </label>
            <input
              id="restock-quantity"
              name="quantity"
              type="number"
              inputMode="numeric"
              required
              min={1}
              max={MAX_RESTOCK_QUANTITY}
              defaultValue={actionData?.quantity ?? "10"}
              aria-invalid={actionData?.field === "quantity" || undefined}
              aria-describedby={actionData?.field === "quantity" ? "restock-quantity-error" : undefined}
              className="field"
            />
          </div>
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            在庫を追加
          </button>
        </Form>
        {actionData ? (
          <p id={`restock-${actionData.field}-error`} role="alert" className="field-error m-0 mt-2">
            {actionData.error}
          </p>
        ) : null}
        <p className="m-0 mt-2 text-xs text-gray-600">在庫を追加すると、入荷を待っている会員に「再入荷のお知らせ」が届きます。</p>
      </section>
      <section aria-labelledby="restock-waiting" className="mt-6">
        <h2 id="restock-waiting" className="m-0 text-base">
          入荷待ちの商品
        </h2>
        {waiting.length === 0 ? (
          <p className="text-sm">入荷を待っている会員はいません。</p>
        ) : (
          <table className="mt-2 w-full border-collapse text-sm" data-testid="restock-waiting">
            <thead>
              <tr className="border-b border-b-solid border-gray-300 text-left">
                <th scope="col" className="px-2 py-1">
                  SKU
                </th>
                <th scope="col" className="px-2 py-1">
                  商品
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  在庫
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  入荷待ち
                </th>
              </tr>
            </thead>
            <tbody>
              {waiting.map((item) => (
                <tr key={item.key} className="border-b border-b-solid border-gray-200">
                  <td className="px-2 py-1 font-mono text-xs">{item.sku}</td>
                  <th scope="row" className="px-2 py-1 text-left font-normal">
                    {item.title}
                  </th>
                  <td className="px-2 py-1 text-right">{item.inventory}</td>
                  <td className="px-2 py-1 text-right">{item.requests}人</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
