/**
 * Staff only (/crm/stock): add stock to a product or a variation by SKU. Members waiting for it get a
 * restock mail (restockItem). The page lists the items members are waiting for.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { requireStaff } from "~/web/auth.server";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { Notice } from "~/components/member/MemberHeading";
import { SHOP_NAME } from "~/core/site";
import { atResult, readFormData } from "~/web/http.server";
import { MAX_RESTOCK_QUANTITY, RESTOCK_MESSAGES } from "~/core/restock";
import { findStockTarget, listWaitingItems, restockItem } from "~/services/restock.server";

export const meta: MetaFunction = () => [{ title: `在庫の追加 | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data({ waiting: await listWaitingItems(context.db) }, { headers: { "Cache-Control": "private, no-store" } });
}

export type StockActionData = { field: "sku" | "quantity"; error: string; sku: string; quantity: string };

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, context);
  const form = await readFormData(request);
  const rawSku = form.get("sku");
  const rawQuantity = form.get("quantity");
  const sku = typeof rawSku === "string" ? rawSku.normalize("NFKC").trim() : "";
  const quantityText = typeof rawQuantity === "string" ? rawQuantity.normalize("NFKC").trim() : "";
  const echo = { sku, quantity: quantityText };
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(sku)) {
    return data<StockActionData>({ field: "sku", error: RESTOCK_MESSAGES.sku, ...echo }, { status: 400 });
  }
  if (!/^\d{1,5}$/.test(quantityText)) return data<StockActionData>({ field: "quantity", error: RESTOCK_MESSAGES.quantity, ...echo }, { status: 400 });
  const target = await findStockTarget(context.db, sku);
  if (!target) return data<StockActionData>({ field: "sku", error: RESTOCK_MESSAGES.skuNotFound, ...echo }, { status: 404 });
  const result = await restockItem(context.db, { ...target, quantity: Number(quantityText) });
  if (!result.ok) return data<StockActionData>({ field: result.error === RESTOCK_MESSAGES.quantity ? "quantity" : "sku", error: result.error, ...echo }, { status: result.status });
  const params = new URLSearchParams({ done: result.title, inventory: String(result.inventory), notified: String(result.notified) });
  throw redirect(atResult(`/crm/stock?${params}`), 303);
}

export default function CrmStock() {
  const { waiting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const done = searchParams.get("done");
  const notice = done
    ? `「${done.slice(0, 120)}」の在庫を追加しました（現在の在庫 ${Number(searchParams.get("inventory")) || 0}点、再入荷のお知らせ ${Number(searchParams.get("notified")) || 0}件）。`
    : null;
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
