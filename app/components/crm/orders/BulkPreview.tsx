import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { CarrierOptions } from "~/components/orders/CarrierOptions";
import { CARRIER_ORDER } from "~/core/orders/carriers";
import { TRACKING_IMPORT_LIMITS } from "~/core/orders/tracking-import";
import type { BulkActionData, BulkPreviewData, BulkPreviewTarget } from "~/web/types/order-bulk";
import { FIELD } from "./DeskForm";

const CELL = "p-2 align-top";

/** A target's carrier and number fields (shipping), filled as last posted or read from a file. */
function ShippingFields({ target, answer }: { target: BulkPreviewTarget; answer: BulkActionData | undefined }) {
  const values = answer?.values ?? {};
  const error = answer?.fieldErrors[target.key];
  return (
    <span className="grid gap-1">
      <span className="flex flex-wrap gap-1">
        <select name={`carrier_${target.key}`} aria-label="配送業者" className={FIELD} defaultValue={values[`carrier_${target.key}`] ?? CARRIER_ORDER[0]}>
          <CarrierOptions />
        </select>
        <input
          name={`tracking_${target.key}`}
          aria-label="お問い合わせ番号（伝票番号）"
          inputMode="numeric"
          autoComplete="off"
          className={`${FIELD} w-40`}
          placeholder="例：1234-5678-9012"
          defaultValue={values[`tracking_${target.key}`] ?? ""}
          aria-invalid={error ? true : undefined}
          data-testid="bulk-tracking"
        />
      </span>
      {error ? (
        <span className="text-xs text-red-800" data-testid="bulk-field-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The dry run of a bulk action: each selected order (each parcel, for shipping and mail) with what will
 * change, or why it cannot; the form applies the ticked ones (each on its own) — for shipping with the
 * carrier and number typed per parcel, or read from a tracking file first.
 */
export function BulkPreview({ page, answer }: { page: BulkPreviewData; answer: BulkActionData | undefined }) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const shipping = page.intent === "ship";
  // Keyed by the answer: a file read into the form shows its numbers (defaultValue is read on mount).
  const formKey = JSON.stringify(answer?.values ?? {});
  const ticked = (key: string) => (answer && answer.checked.length > 0 ? answer.checked.includes(key) : true);
  return (
    <div className="grid gap-3">
      <h1 className="m-0 text-xl">一括操作の確認：{page.intentLabel}</h1>
      <p className="m-0">
        <Link to={page.backHref} data-testid="bulk-back">
          注文一覧へ戻る
        </Link>
      </p>
      {page.error ? (
        <p role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="bulk-error">
          {page.error}
        </p>
      ) : (
        <Form
          key={formKey}
          method="post"
          action={`${location.pathname}${location.search}`}
          encType="multipart/form-data"
          className="grid gap-3"
          data-testid="bulk-form"
        >
          <p className="m-0 rounded bg-yellow-50 px-3 py-2 text-sm" role="status" data-testid="bulk-summary">
            まだ何も変更していません。{page.orders.length}件の注文のうち、適用できるのは{page.applicable}件です。内容を確かめて「適用する」を押してください。
          </p>
          <input type="hidden" name="intent" value={page.intent ?? ""} />
          <input type="hidden" name="run" value={page.run} />
          {answer?.error ? (
            <p role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="bulk-error">
              {answer.error}
            </p>
          ) : null}
          {answer?.note ? (
            <p role="status" className="m-0 rounded bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="bulk-note">
              {answer.note}
            </p>
          ) : null}
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm" data-testid="bulk-preview-table">
              <caption className="sr-only">一括操作の対象</caption>
              <thead>
                <tr className="border-b border-b-solid border-gray-300 text-left">
                  <th className="p-2">適用</th>
                  <th className="p-2">注文番号</th>
                  <th className="p-2">お客様</th>
                  <th className="p-2">状態・お支払い</th>
                  {page.intent === "confirm_payment" ? null : <th className="p-2">荷物</th>}
                  <th className="p-2">変更内容／対象外の理由</th>
                  {shipping ? <th className="p-2">配送業者・お問い合わせ番号</th> : null}
                </tr>
              </thead>
              <tbody>
                {page.orders.flatMap((order) =>
                  order.targets.map((target) => (
                    <tr key={target.key} className="border-b border-b-solid border-gray-200" data-testid="bulk-preview-row" data-order={order.number ?? ""}>
                      <td className={CELL}>
                        {target.refusal == null ? (
                          <input type="checkbox" name="target" value={target.key} defaultChecked={ticked(target.key)} aria-label={`${order.number}を適用`} />
                        ) : null}
                      </td>
                      <th scope="row" className={`${CELL} whitespace-nowrap text-left`}>
                        {order.number ?? `ID ${order.orderId}`}
                      </th>
                      <td className={CELL}>{order.customerName}</td>
                      <td className={`${CELL} text-xs`}>
                        {order.statusLabel}
                        <br />
                        {order.paymentLabel}
                      </td>
                      {page.intent === "confirm_payment" ? null : (
                        <td className={`${CELL} text-xs`}>
                          {target.sender}
                          {target.shipmentStatusLabel ? `：${target.shipmentStatusLabel}` : null}
                          {target.tracking ? (
                            <>
                              <br />
                              {target.tracking}
                            </>
                          ) : null}
                        </td>
                      )}
                      <td className={CELL} data-testid={target.refusal ? "bulk-refusal" : "bulk-change"}>
                        {target.refusal ? <span className="text-red-800">対象外：{target.refusal}</span> : target.change}
                      </td>
                      {shipping ? <td className={CELL}>{target.refusal == null ? <ShippingFields target={target} answer={answer} /> : null}</td> : null}
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
          {shipping && page.applicable > 0 ? (
            <fieldset className="card grid gap-2 p-3 text-sm">
              <legend className="font-bold">伝票番号をCSVから入力</legend>
              <p className="m-0">
                B2クラウドの発行済みデータ（お客様管理番号＝配送ID・伝票番号）や「注文番号, お問い合わせ番号,
                配送業者」のCSVから、上の欄に入力します（まだ適用しません。
                {TRACKING_IMPORT_LIMITS.maxRows}行まで）。
              </p>
              <input type="file" name="file" accept=".csv,text/csv" className="field" data-testid="bulk-file" />
              <button
                type="submit"
                name="step"
                value="fill"
                formNoValidate
                className="btn-secondary justify-self-start py-1 text-sm"
                disabled={busy}
                data-testid="bulk-fill"
              >
                CSVから入力する
              </button>
            </fieldset>
          ) : null}
          {page.applicable > 0 ? (
            <button type="submit" name="step" value="apply" className="btn-primary justify-self-start" disabled={busy} data-testid="bulk-apply">
              チェックした注文に適用する
            </button>
          ) : (
            <p className="m-0 text-sm">適用できる注文はありません。</p>
          )}
        </Form>
      )}
    </div>
  );
}
