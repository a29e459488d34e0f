/**
 * The receipt (領収書) of one of the member's orders, fit to print or save as PDF: a qualified invoice
 * (適格請求書) with the seller's registration number and the tax-included amount and tax per rate. The
 * member may set the addressee and memo (宛名・但し書き); they are saved on the order (POST, PRG).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/web/auth.server";
import { useHydrated } from "~/components/forms/useHydrated";
import { MemberHeading, Notice } from "~/components/member/MemberHeading";
import { formatLongDate } from "~/components/member/format";
import { formatYen } from "~/core/money";
import { receiptAvailable, receiptUnavailableReason } from "~/core/orders";
import { DEFAULT_RECEIPT_MEMO, parseReceiptFields, RECEIPT_FIELD_MAX_LENGTH } from "~/core/receipt";
import { SELLER_ADDRESS, SELLER_NAME, SELLER_POSTAL_CODE, SELLER_REGISTRATION_NUMBER, SHOP_NAME, SUPPORT_PHONE } from "~/core/site";
import { REDUCED_TAX_RATE } from "~/core/tax";
import { invariantResponse, readFormData, redirectWithNotice } from "~/web/http.server";
import { fieldsOf, idParam, redirectedNotice } from "~/web/input.server";
import { loadReceipt, ORDER_NOT_FOUND_MESSAGE, saveReceiptFields } from "~/services/orders.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `領収書 ${loaded?.receipt.number ?? ""} | ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

const NOTICES = { saved: "宛名・但し書きを保存しました。" };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const receipt = await loadReceipt(context.db, user.id, idParam(params.id, "注文ID"));
  invariantResponse(receipt, ORDER_NOT_FOUND_MESSAGE, { status: 404 });
  const issuedAt = new Date();
  const headers = { "Cache-Control": "private, no-store" };
  const unavailable = receiptUnavailableReason(receipt.status);
  return data({ receipt, issuedAt, unavailable, notice: redirectedNotice(request, NOTICES) }, { status: unavailable ? 409 : 200, headers });
}

export type ReceiptActionData = { errors: { receipt_name?: string; receipt_memo?: string; form?: string } };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const orderId = idParam(params.id, "注文ID");
  const form = fieldsOf(await readFormData(request));
  const parsed = parseReceiptFields({ receipt_name: form.receipt_name, receipt_memo: form.receipt_memo });
  if (!parsed.ok) return data<ReceiptActionData>({ errors: parsed.errors }, { status: 400 });
  const receipt = await loadReceipt(context.db, user.id, orderId);
  invariantResponse(receipt, ORDER_NOT_FOUND_MESSAGE, { status: 404 });
  if (!receiptAvailable(receipt.status)) return data<ReceiptActionData>({ errors: { form: "この注文の領収書はまだ発行できません。" } }, { status: 409 });
  await saveReceiptFields(context.db, user.id, orderId, parsed.value);
  throw redirectWithNotice(`/user/orders/${orderId}/receipt`, "saved");
}

/**
 * Only the receipt prints: the site header, footer and the controls stay on screen. Given to <style> as
 * raw HTML: as a text child React would escape `>` on the server (a <style> does not unescape it), so
 * the selectors would not match and the browser's text would differ from the client's (a hydration error).
 */
const PRINT_STYLE = `@media print {
  body > header, body > footer, .receipt-controls { display: none !important; }
  main { max-width: none !important; padding: 0 !important; }
  .receipt { border: 0 !important; box-shadow: none !important; }
}
@page { size: A4; margin: 15mm; }`;

export default function ReceiptPage() {
  const { receipt, issuedAt, unavailable, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const errors = actionData?.errors ?? {};
  const orderHref = `/user/orders/${receipt.id}`;

  if (unavailable) {
    return (
      <>
        <MemberHeading title="領収書" trail={[{ to: "/user/orders", label: "注文履歴" }, { to: orderHref, label: `ご注文 ${receipt.number}` }]} />
        <Notice text={unavailable} tone="error" />
        <p className="mt-4">
          <Link to={orderHref}>ご注文の詳細へ戻る</Link>
        </p>
      </>
    );
  }

  const hasReducedRate = receipt.lines.some((line) => line.taxRate === REDUCED_TAX_RATE);
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: PRINT_STYLE }} />
      <div className="receipt-controls">
        <MemberHeading title="領収書" trail={[{ to: "/user/orders", label: "注文履歴" }, { to: orderHref, label: `ご注文 ${receipt.number}` }]} />
        <Notice text={notice} />
        <section aria-labelledby="receipt-fields" className="card mt-4 grid gap-3 p-4">
          <h2 id="receipt-fields" className="m-0 text-base">
            宛名・但し書き
          </h2>
          {errors.form ? (
            <p role="alert" className="field-error m-0">
              {errors.form}
            </p>
          ) : null}
          <Form method="post" className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end" aria-describedby="receipt-fields-hint">
            <ReceiptField name="receipt_name" label="宛名" value={receipt.savedName} placeholder={receipt.name || "例：株式会社〇〇"} error={errors.receipt_name} />
            <ReceiptField name="receipt_memo" label="但し書き" value={receipt.savedMemo} placeholder={DEFAULT_RECEIPT_MEMO} error={errors.receipt_memo} />
            <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
              保存して表示
            </button>
          </Form>
          <p id="receipt-fields-hint" className="m-0 text-xs text-gray-600">
            空欄の場合、宛名はご購入者様のお名前、但し書きは「{DEFAULT_RECEIPT_MEMO}」になります（各{RECEIPT_FIELD_MAX_LENGTH}文字まで）。
          </p>
        </section>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {hydrated ? (
            <button type="button" className="btn-primary" onClick={() => window.print()}>
              印刷する
            </button>
          ) : null}
          <p className="m-0 text-xs text-gray-600">ブラウザの印刷機能から、PDFとして保存することもできます。</p>
        </div>
      </div>

      <article className="receipt card mx-auto mt-4 grid max-w-2xl gap-4 p-5 text-sm" aria-labelledby="receipt-title" data-testid="receipt">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <h2 id="receipt-title" className="m-0 text-2xl tracking-[0.5em]">
            領収書
          </h2>
          <dl className="m-0 grid gap-0.5 text-right text-xs">
            <div>
              <dt className="inline">No. </dt>
              <dd className="m-0 inline">{receipt.number}</dd>
            </div>
            <div>
              <dt className="inline">発行日：</dt>
              <dd className="m-0 inline">{formatLongDate(issuedAt)}</dd>
            </div>
          </dl>
        </header>

        <p className="m-0 border-b border-b-solid border-gray-800 pb-1 text-lg" data-testid="receipt-name">
          {receipt.name ? `${receipt.name} 様` : "\u3000".repeat(10) + "様"}
        </p>

        <div className="grid gap-1 text-center">
          <p className="m-0 text-3xl font-bold" data-testid="receipt-total">
            {formatYen(receipt.total)}
            <span className="ml-1 text-sm font-normal">（税込）</span>
          </p>
          <p className="m-0" data-testid="receipt-memo">
            但し{"\u3000"}{receipt.memo}
          </p>
          <p className="m-0 text-xs">上記正に領収いたしました。</p>
        </div>

        <table className="w-full border-collapse text-xs">
          <caption className="mb-1 text-left text-sm font-bold">内訳</caption>
          <thead>
            <tr className="border-b border-b-solid border-gray-400">
              <th scope="col" className="py-1 text-left">
                品名
              </th>
              <th scope="col" className="w-12 py-1 text-right">
                数量
              </th>
              <th scope="col" className="w-24 py-1 text-right">
                金額（税込）
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line, index) => (
              <tr key={index} className="border-b border-b-solid border-gray-200">
                <td className="py-1 pr-2">
                  {line.title}
                  {line.choiceLabel ? `（${line.choiceLabel}）` : ""}
                  {line.taxRate === REDUCED_TAX_RATE ? " ※" : ""}
                </td>
                <td className="py-1 text-right">{line.quantity}</td>
                <td className="py-1 text-right">{formatYen(line.total)}</td>
              </tr>
            ))}
            {receipt.fees.map((fee) => (
              <tr key={fee.label} className="border-b border-b-solid border-gray-200">
                <td className="py-1 pr-2" colSpan={2}>
                  {fee.label}
                </td>
                <td className="py-1 text-right">{formatYen(fee.amount)}</td>
              </tr>
            ))}
            {receipt.reductions.map((reduction) => (
              <tr key={reduction.label} className="border-b border-b-solid border-gray-200">
                <td className="py-1 pr-2" colSpan={2}>
                  {reduction.label}
                </td>
                <td className="py-1 text-right">−{formatYen(reduction.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" colSpan={2} className="py-1 text-left">
                合計（税込）
              </th>
              <td className="py-1 text-right">{formatYen(receipt.total)}</td>
            </tr>
          </tfoot>
        </table>

        <table className="w-full border-collapse text-xs" data-testid="receipt-tax">
          <caption className="mb-1 text-left text-sm font-bold">税率別内訳</caption>
          <thead>
            <tr className="border-b border-b-solid border-gray-400">
              <th scope="col" className="py-1 text-left">
                税率
              </th>
              <th scope="col" className="py-1 text-right">
                対象金額（税込）
              </th>
              <th scope="col" className="py-1 text-right">
                うち消費税
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.taxLines.map((tax) => (
              <tr key={tax.rate} className="border-b border-b-solid border-gray-200" data-testid={`receipt-tax-${tax.rate}`}>
                <th scope="row" className="py-1 text-left font-normal">
                  {tax.rate}%対象{tax.rate === REDUCED_TAX_RATE ? "（軽減税率）" : ""}
                </th>
                <td className="py-1 text-right">{formatYen(tax.taxable)}</td>
                <td className="py-1 text-right">{formatYen(tax.tax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {hasReducedRate ? <p className="m-0 text-xs">※印は軽減税率（8%）対象商品です。</p> : null}

        <dl className="m-0 grid gap-0.5 text-xs">
          <div>
            <dt className="inline">ご注文日：</dt>
            <dd className="m-0 inline">{formatLongDate(receipt.dateCreated)}</dd>
          </div>
          <div>
            <dt className="inline">お支払い方法：</dt>
            <dd className="m-0 inline">{receipt.paymentLabel}</dd>
          </div>
        </dl>

        <footer className="grid justify-items-end gap-0.5 text-right text-xs" data-testid="receipt-seller">
          <p className="m-0 text-sm font-bold">{SELLER_NAME}</p>
          <p className="m-0">
            〒{SELLER_POSTAL_CODE} {SELLER_ADDRESS}
          </p>
          <p className="m-0">電話 {SUPPORT_PHONE}</p>
          <p className="m-0">登録番号 {SELLER_REGISTRATION_NUMBER}</p>
        </footer>
      </article>
      <p className="receipt-controls mt-4">
        <Link to={orderHref}>ご注文の詳細へ戻る</Link>
      </p>
    </>
  );
}

/** One of the receipt's two printed fields (宛名, 但し書き), with the server's message under it. */
function ReceiptField({
  name,
  label,
  value,
  placeholder,
  error,
}: {
  name: string;
  label: string;
  value: string | null;
  placeholder: string;
  error?: string;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={name} className="text-sm font-bold">
        {label}
      </label>
      <input
        id={name}
        name={name}
        defaultValue={value ?? ""}
        placeholder={placeholder}
        maxLength={RECEIPT_FIELD_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className="field"
      />
      {error ? (
        <p id={`${name}-error`} role="alert" className="field-error m-0">
          {error}
        </p>
      ) : null}
    </div>
  );
}
