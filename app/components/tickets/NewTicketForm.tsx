import { getFormProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type * as v from "valibot";
import { formatDateJa } from "~/core/dates";
import { TICKET_MESSAGE_MAX_LENGTH } from "~/core/limits";
import { NewTicketSchema, REPLY_CHOICES, TICKET_API_HEADER, TICKET_CATEGORIES, TICKET_TROUBLE_LABELS } from "~/core/tickets";
import type { PastOrder, TicketProduct } from "~/services/ticket-references.server";
import { FormErrors } from "../forms/FormErrors";
import { FieldErrors, RequiredMark } from "../forms/TextField";
import { useHydrated } from "../forms/useHydrated";
import { AttachmentField } from "../images/AttachmentField";

export interface NewTicketFormData {
  session: string;
  customerId: number;
  orders: { id: number; number: string; date_created: string }[];
  /** Without JS: the lines of the order picked with 「この注文の商品を表示」 (a GET of this page). */
  picked: { orderId: number; lines: PastOrder["orderdetails"] } | null;
  defaults: Record<string, string | string[]>;
}

type Line = PastOrder["orderdetails"][number];

const apiHeaders = { Accept: "application/json", [TICKET_API_HEADER.name]: TICKET_API_HEADER.value };

/**
 * The new-ticket form (spec screen 4, §3 New ticket form, §5). One Valibot schema checks it in the browser
 * (nothing is sent while the description is empty) and on the server. With JS the order's lines come from
 * /crm/api/customers/past-orders/{customerId} and the product card from /crm/api/customers/load-product/{id};
 * without JS a GET button shows the chosen order's lines and a plain product select.
 */
export function NewTicketForm({ data, lastResult }: { data: NewTicketFormData; lastResult: SubmissionResult<string[]> | null }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useForm<v.InferOutput<typeof NewTicketSchema>>({
    id: "new-ticket",
    lastResult,
    defaultValue: data.defaults as Record<string, string>,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: NewTicketSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // After a refused post (no JS) the page shows what was sent; otherwise the loader's defaults.
  const sent = (lastResult?.initialValue ?? data.defaults) as Record<string, unknown>;
  const initialOrder = Number(sent.orders_id ?? 0) || null;
  const [orderId, setOrderId] = useState<number | null>(initialOrder);
  const [pastOrders, setPastOrders] = useState<PastOrder[] | null>(null);
  const [checked, setChecked] = useState<number[]>(() => [sent.details ?? []].flat().map(Number).filter(Boolean));
  const [product, setProduct] = useState<TicketProduct | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const productRequest = useRef(0);

  // JS: the member's orders with their lines, once, when an order is first chosen.
  useEffect(() => {
    if (!hydrated || orderId == null || pastOrders) return;
    const controller = new AbortController();
    fetch(`/crm/api/customers/past-orders/${data.customerId}`, { headers: apiHeaders, credentials: "same-origin", signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error();
        setPastOrders((await response.json()) as PastOrder[]);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadError("ご注文の商品を読み込めませんでした。時間をおいてもう一度お試しください。");
      });
    return () => controller.abort();
  }, [hydrated, orderId, pastOrders, data.customerId]);

  const jsLines = pastOrders?.find((order) => order.id === orderId)?.orderdetails ?? [];
  const lines: Line[] = hydrated ? jsLines : data.picked && data.picked.orderId === orderId ? data.picked.lines : [];

  async function showProduct(line: Line | undefined) {
    const request = ++productRequest.current;
    if (!line) return setProduct(null);
    const response = await fetch(`/crm/api/customers/load-product/${line.product.id}`, { headers: apiHeaders, credentials: "same-origin" }).catch(() => null);
    if (request !== productRequest.current) return;
    setProduct(response?.ok ? ((await response.json()) as TicketProduct) : null);
  }

  function toggleLine(line: Line, on: boolean) {
    const next = on ? [...checked, line.id] : checked.filter((id) => id !== line.id);
    setChecked(next);
    const latest = on ? line : jsLines.find((candidate) => candidate.id === next.at(-1));
    void showProduct(latest);
  }

  const productChoices = [...new Map(lines.map((line) => [line.product.id, line])).values()];
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/user/support") === true && navigation.formMethod === "POST";

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4" aria-labelledby="new-ticket-heading">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="session" value={data.session} />
      <input type="hidden" name="intent" value="create" />

      <RequiredSelect label="お問い合わせの種類" field={fields.category} options={TICKET_CATEGORIES} />
      <RequiredSelect label="お困りの内容" field={fields.trouble} options={TICKET_TROUBLE_LABELS} />

      {data.orders.length > 0 ? (
        <fieldset className="m-0 grid gap-2 rounded border border-solid border-gray-200 p-3">
          <legend className="px-1 text-sm font-bold">対象のご注文（任意）</legend>
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid flex-1 gap-1">
              <label htmlFor={fields.orders_id.id} className="text-sm">
                ご注文
              </label>
              <select
                {...getSelectProps(fields.orders_id)}
                className="field"
                onChange={(event) => {
                  setOrderId(Number(event.target.value) || null);
                  setChecked([]);
                  void showProduct(undefined);
                }}
              >
                <option value="">選択しない</option>
                {data.orders.map((order) => (
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
          {loadError ? <p role="alert" className="field-error m-0">{loadError}</p> : null}

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
                  {line.product.picture ? <img src={line.product.picture} alt="" width={40} height={40} className="rounded object-cover" loading="lazy" /> : null}
                  {line.title}
                </label>
              ))}
              <FieldErrors id={fields.details.errorId} errors={fields.details.errors} />
            </fieldset>
          ) : null}

          {hydrated ? (
            product ? (
              <div className="flex items-center gap-3 rounded bg-gray-50 p-2 text-sm" data-testid="ticket-product">
                <input type="hidden" name="products_id" value={product.id} />
                {product.picture ? <img src={product.picture} alt="" width={56} height={56} className="rounded object-cover" /> : null}
                <span>
                  対象の商品：<a href={product.url} target="_blank" rel="noopener noreferrer">{product.title}</a>
                </span>
              </div>
            ) : null
          ) : productChoices.length > 0 ? (
            <div className="grid gap-1">
              <label htmlFor={fields.products_id.id} className="text-sm">
                対象の商品
              </label>
              <select {...getSelectProps(fields.products_id)} className="field">
                <option value="">選択しない</option>
                {productChoices.map((line) => (
                  <option key={line.product.id} value={line.product.id}>
                    {line.title}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <FieldErrors id={fields.products_id.errorId} errors={fields.products_id.errors} />
        </fieldset>
      ) : null}

      <fieldset className="m-0 grid gap-1 border-0 p-0">
        <legend className="mb-1 p-0 text-sm font-bold">ご希望の連絡方法</legend>
        <div className="flex flex-wrap gap-4">
          {REPLY_CHOICES.map((choice) => (
            <label key={choice.value || "any"} className="flex items-center gap-1 text-sm">
              <input
                type="radio"
                name={fields.reply_choice.name}
                value={choice.value}
                defaultChecked={(fields.reply_choice.initialValue ?? "") === choice.value}
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-1">
        <label htmlFor={fields.description.id} className="text-sm font-bold">
          お問い合わせ内容
          <RequiredMark />
        </label>
        <textarea
          {...getTextareaProps(fields.description)}
          required={false}
          aria-required
          rows={6}
          maxLength={TICKET_MESSAGE_MAX_LENGTH}
          className="field"
          placeholder="できるだけ詳しくご記入ください"
        />
        <FieldErrors id={fields.description.errorId} errors={fields.description.errors} />
      </div>

      <AttachmentField />

      <button type="submit" className="btn-primary justify-self-start" disabled={submitting}>
        {submitting ? "送信中…" : "送信する"}
      </button>
    </Form>
  );
}

/** A required choice among texts, with the ※必須 mark and the messages under it. */
function RequiredSelect({ label, field, options }: { label: string; field: FieldMetadata<string>; options: readonly string[] }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={field.id} className="text-sm font-bold">
        {label}
        <RequiredMark />
      </label>
      <select {...getSelectProps(field)} aria-required className="field">
        <option value="">選択してください</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
