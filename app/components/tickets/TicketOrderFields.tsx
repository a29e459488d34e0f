import { getSelectProps, type useForm } from "@conform-to/react";
import { formatDateJa } from "~/core/dates";
import type { NewTicketInput } from "~/core/tickets/ticket-forms";
import type { TicketProduct } from "~/web/types/tickets";
import { FieldErrors } from "../forms/TextField";
import { useTicketOrderLines, type OrderLine } from "./useTicketOrderLines";
import { productImageSrc } from "~/core/catalogue/product-images";

type TicketFields = ReturnType<typeof useForm<NewTicketInput>>[1];

/**
 * The new-ticket form's optional order part: the order, the lines asked about and the product. Without JS a
 * GET button shows the chosen order's lines and a plain product select; with JS they load as the order is
 * chosen and the latest ticked line's product is shown as a card.
 */
export function TicketOrderFields({
  orders,
  customerId,
  picked,
  sent,
  hydrated,
  fields,
}: {
  orders: { id: number; number: string; date_created: string }[];
  customerId: number;
  picked: { orderId: number; lines: OrderLine[] } | null;
  sent: Record<string, unknown>;
  hydrated: boolean;
  fields: Pick<TicketFields, "orders_id" | "details" | "products_id">;
}) {
  const { lines, checked, product, loadError, chooseOrder, toggleLine } = useTicketOrderLines({ hydrated, customerId, picked, sent });
  return (
    <fieldset className="m-0 grid gap-2 rounded border border-solid border-gray-200 p-3">
      <legend className="px-1 text-sm font-bold">対象のご注文（任意）</legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid flex-1 gap-1">
          <label htmlFor={fields.orders_id.id} className="text-sm">
            ご注文
          </label>
          <select {...getSelectProps(fields.orders_id)} className="field" onChange={(event) => chooseOrder(Number(event.target.value) || null)}>
            <option value="">選択しない</option>
            {orders.map((order) => (
              <option key={order.id} value={order.id}>
                注文番号 {order.number}（{formatDateJa(order.date_created)}）
              </option>
            ))}
          </select>
        </div>
        {hydrated ? null : (
          <button type="submit" formMethod="get" formAction="/user/support" formNoValidate className="btn-secondary" name="pick" value="1">
            この注文の商品を表示
          </button>
        )}
      </div>
      <FieldErrors id={fields.orders_id.errorId} errors={fields.orders_id.errors} />
      {loadError ? (
        <p role="alert" className="field-error m-0">
          {loadError}
        </p>
      ) : null}

      {lines.length > 0 ? (
        <fieldset className="m-0 grid gap-1 border-0 p-0" data-testid="order-lines">
          <legend className="text-sm">お問い合わせの商品</legend>
          {lines.map((line) => (
            <label key={line.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="details"
                value={line.id}
                checked={checked.includes(line.id)}
                onChange={(event) => toggleLine(line, event.target.checked)}
              />
              {line.product.picture ? (
                <img src={productImageSrc(line.product.picture, "s")} alt="" width={40} height={40} className="rounded object-cover" loading="lazy" />
              ) : null}
              {line.title}
            </label>
          ))}
          <FieldErrors id={fields.details.errorId} errors={fields.details.errors} />
        </fieldset>
      ) : null}

      {hydrated ? product ? <TicketProductCard product={product} /> : null : <TicketProductSelect lines={lines} field={fields.products_id} />}
      <FieldErrors id={fields.products_id.errorId} errors={fields.products_id.errors} />
    </fieldset>
  );
}

/** With JS: the product of the latest ticked line, sent as products_id. */
function TicketProductCard({ product }: { product: TicketProduct }) {
  return (
    <div className="flex items-center gap-3 rounded bg-gray-50 p-2 text-sm" data-testid="ticket-product">
      <input type="hidden" name="products_id" value={product.id} />
      {product.picture ? <img src={productImageSrc(product.picture, "s")} alt="" width={56} height={56} className="rounded object-cover" /> : null}
      <span>
        対象の商品：
        <a href={product.url} target="_blank" rel="noopener noreferrer">
          {product.title}
        </a>
      </span>
    </div>
  );
}

/** Without JS: a plain select among the shown lines' products (none when no lines are shown). */
function TicketProductSelect({ lines, field }: { lines: OrderLine[]; field: TicketFields["products_id"] }) {
  const productChoices = [...new Map(lines.map((line) => [line.product.id, line])).values()];
  if (productChoices.length === 0) return null;
  return (
    <div className="grid gap-1">
      <label htmlFor={field.id} className="text-sm">
        対象の商品
      </label>
      <select {...getSelectProps(field)} className="field">
        <option value="">選択しない</option>
        {productChoices.map((line) => (
          <option key={line.product.id} value={line.product.id}>
            {line.title}
          </option>
        ))}
      </select>
    </div>
  );
}
