import { Form, useNavigation } from "@remix-run/react";
import { TRACKING_IMPORT_LIMITS } from "~/core/orders/tracking-import";
import type { TrackingImportActionData } from "~/web/types/merchant";

/**
 * The carrier CSVs on one page (staff's and a merchant's): download the B2クラウド file of the parcels to
 * ship, and upload a tracking-number file — answered with a report of every row.
 */
export function TrackingImportPanel({
  exportHref,
  scopeLabel,
  result,
}: {
  exportHref: string;
  scopeLabel: string;
  result: TrackingImportActionData | undefined;
}) {
  const navigation = useNavigation();
  const applied = result?.ok ? result.results.filter((row) => row.ok).length : 0;
  return (
    <div className="grid gap-4">
      <section className="card grid gap-2 p-3" aria-labelledby="b2-export-heading">
        <h2 id="b2-export-heading" className="m-0 text-base">
          送り状CSV（ヤマト運輸 B2クラウド）
        </h2>
        <p className="m-0 text-sm">
          {scopeLabel}の発送待ちの荷物を、B2クラウドの「外部データから発行」で取り込める形式（Shift_JIS）でダウンロードします。お客様管理番号は配送IDです。
        </p>
        <p className="m-0">
          <a href={exportHref} className="btn-secondary no-underline" data-testid="b2-export" download>
            送り状CSVをダウンロード
          </a>
        </p>
      </section>
      <Form method="post" encType="multipart/form-data" className="card grid gap-3 p-3" aria-labelledby="tracking-import-heading">
        <h2 id="tracking-import-heading" className="m-0 text-base">
          伝票番号の取り込み
        </h2>
        <p className="m-0 text-sm">
          「注文番号または配送ID, お問い合わせ番号,
          配送業者（省略時はヤマト運輸）」のCSV、またはB2クラウドの発行済みデータ（お客様管理番号と伝票番号の列）を取り込み、発送済みにします。Shift_JIS・UTF-8のどちらでも構いません（
          {TRACKING_IMPORT_LIMITS.maxRows}行・
          {TRACKING_IMPORT_LIMITS.maxBytes / 1024}KBまで）。
        </p>
        <label className="grid gap-1 text-sm">
          CSVファイル
          <input type="file" name="file" accept=".csv,text/csv" required className="field" />
        </label>
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          取り込む
        </button>
      </Form>
      {result && !result.ok ? (
        <p role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="tracking-import-error">
          {result.error}
        </p>
      ) : null}
      {result?.ok ? (
        <section className="grid gap-2" aria-labelledby="tracking-report-heading">
          <h2 id="tracking-report-heading" className="m-0 text-base" role="status">
            取り込み結果：{result.results.length}行中 {applied}件を発送済みにしました
          </h2>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm" data-testid="tracking-report">
              <thead>
                <tr className="border-b border-b-solid border-gray-300 text-left">
                  <th className="p-2">行</th>
                  <th className="p-2">注文番号・配送ID</th>
                  <th className="p-2">配送業者</th>
                  <th className="p-2">お問い合わせ番号</th>
                  <th className="p-2">結果</th>
                </tr>
              </thead>
              <tbody>
                {result.results.map((row) => (
                  <tr key={row.line} className="border-b border-b-solid border-gray-200" data-testid="tracking-report-row">
                    <td className="p-2">{row.line}</td>
                    <td className="p-2">{row.referenceText}</td>
                    <td className="p-2">{row.carrierLabel}</td>
                    <td className="p-2">{row.trackingNumber}</td>
                    <td className={`p-2 ${row.ok ? "text-green-800" : "text-red-800"}`}>{row.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
