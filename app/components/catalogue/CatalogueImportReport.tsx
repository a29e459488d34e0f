import { Form, Link, useNavigation } from "@remix-run/react";
import { ROW_OUTCOME_LABELS } from "~/core/catalogue/catalogue-csv-pages";
import type { AppliedRow, CatalogueImportPageData, ImportRowReport } from "~/web/types/catalogue-csv";
import { CatalogueImportProgress } from "./CatalogueImportProgress";

const OUTCOME_STYLES: Record<ImportRowReport["outcome"], string> = {
  create: "bg-green-50 text-green-800",
  update: "bg-blue-50 text-blue-800",
  unchanged: "bg-gray-50 text-gray-600",
  refused: "bg-red-50 text-red-800",
};

/** What a record would do (or why it cannot be taken), as one cell of the report. */
function RowDetail({ report }: { report: ImportRowReport }) {
  if (report.outcome === "refused") {
    return (
      <ul className="m-0 grid gap-1 pl-4">
        {report.problems.map((problem, index) => (
          <li key={index}>
            {problem.column ? <strong>{problem.column}：</strong> : null}
            {problem.message}
          </li>
        ))}
      </ul>
    );
  }
  if (report.outcome === "update") {
    return (
      <ul className="m-0 grid gap-1 pl-4">
        {report.changes.map((change) => (
          <li key={change.column}>
            <strong>{change.column}</strong>：{change.before || "（空欄）"} → {change.after || "（空欄）"}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      {report.outcome === "create" ? (report.kind === "variation" ? "バリエーションを新しく登録します" : "商品を新しく登録します") : "ショップの内容と同じです"}
    </>
  );
}

function AppliedTable({ applied }: { applied: AppliedRow[] }) {
  const done = applied.filter((row) => row.outcome === "applied").length;
  return (
    <section className="grid gap-2" aria-labelledby="catalogue-applied-heading">
      <h2 id="catalogue-applied-heading" className="m-0 text-base" data-testid="catalogue-applied-summary">
        反映結果：{applied.length}行中 {done}行を反映しました
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm" data-testid="catalogue-applied">
          <thead>
            <tr className="border-b border-b-solid border-gray-300 text-left">
              <th className="p-2">行</th>
              <th className="p-2">SKU</th>
              <th className="p-2">結果</th>
            </tr>
          </thead>
          <tbody>
            {applied.map((row) => (
              <tr key={row.line} className="border-b border-b-solid border-gray-200" data-testid="catalogue-applied-row">
                <td className="p-2">{row.line}</td>
                <td className="p-2">{row.sku}</td>
                <td className="p-2">{row.outcome === "applied" ? "反映しました" : `反映できませんでした：${row.message ?? ""}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * A dry run's report: per record 新規 / 変更 (before → after) / 変更なし, or why it is refused; the records
 * that would change carry a tick box (ticked), and applying saves the ticked ones — a plain form, so it
 * works without JS. Once applying, the page shows how far it is (refreshing itself) and, when it is over,
 * each kept record's result.
 */
export function CatalogueImportReport({ page, error }: { page: CatalogueImportPageData; error: string | null }) {
  const navigation = useNavigation();
  const { summary } = page;
  const applicable = summary.create + summary.update;
  return (
    <div className="grid gap-4">
      <h1 className="m-0 text-xl">商品CSVの確認</h1>
      <p className="m-0 text-sm">
        ファイル「{page.filename}」（{page.encodingLabel}）・{page.checkedAt}に確認
        {page.appliedAt ? `・${page.appliedAt}に反映` : ""}
      </p>
      {page.notice ? (
        <p role="status" className="m-0 rounded bg-green-50 px-3 py-2 text-sm text-green-800">
          {page.notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="catalogue-apply-error">
          {error}
        </p>
      ) : null}
      <p className="m-0" data-testid="catalogue-summary">
        新規 {summary.create}行・変更 {summary.update}行・変更なし {summary.unchanged}行・取り込めない行 {summary.refused}行
      </p>
      <CatalogueImportProgress progress={page.progress} path={`${page.paths.imports}/${page.token}`} />
      {page.applied ? <AppliedTable applied={page.applied} /> : null}
      <Form method="post" className="grid gap-3">
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm" data-testid="catalogue-report">
            <thead>
              <tr className="border-b border-b-solid border-gray-300 text-left">
                <th className="p-2">反映</th>
                <th className="p-2">行</th>
                <th className="p-2">SKU</th>
                <th className="p-2">結果</th>
                <th className="p-2">内容</th>
              </tr>
            </thead>
            <tbody>
              {page.reports.map((report) => {
                const choosable = page.status === "checked" && (report.outcome === "create" || report.outcome === "update");
                return (
                  <tr
                    key={report.line}
                    className="border-b border-b-solid border-gray-200 align-top"
                    data-testid="catalogue-report-row"
                    data-outcome={report.outcome}
                  >
                    <td className="p-2">
                      {choosable ? (
                        <input type="checkbox" name="line" value={report.line} defaultChecked aria-label={`${report.line}行目（${report.sku}）を反映する`} />
                      ) : null}
                    </td>
                    <td className="p-2">{report.line}</td>
                    <td className="p-2">
                      {report.sku}
                      {report.parentSku ? <span className="block text-xs text-gray-600">親SKU {report.parentSku}</span> : null}
                    </td>
                    <td className="p-2">
                      <span className={`rounded px-2 py-0.5 ${OUTCOME_STYLES[report.outcome]}`}>{ROW_OUTCOME_LABELS[report.outcome]}</span>
                    </td>
                    <td className="p-2">
                      <RowDetail report={report} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {page.status === "checked" && applicable > 0 ? (
          <div className="grid gap-2">
            <p className="m-0 text-sm">
              チェックを外した行は反映しません。取り込めない行は反映されません。同じ商品の行（商品とそのバリエーション）はまとめて保存されます。
            </p>
            <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"} data-testid="catalogue-apply">
              チェックした行を反映する
            </button>
          </div>
        ) : null}
      </Form>
      <p className="m-0">
        <Link to={page.paths.imports}>別のCSVを取り込む</Link>
      </p>
    </div>
  );
}
