/**
 * /crm/tickets/report?from=&to= (staff only, issue 36 item 10): the desk's figures for a period of Japanese
 * days — tables and server-drawn SVG charts, a plain GET form for the period, and the same as CSV.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CrmNav } from "~/components/tickets/CrmNav";
import { CountTable, GroupTable, LatestComments } from "~/components/tickets/DeskReportTables";
import { LabelledBars } from "~/components/charts/LabelledBars";
import { DailyChart } from "~/components/tickets/ReportCharts";
import { requireStaff } from "~/web/account/auth.server";
import { deskReportPage } from "~/web/tickets/desk-report.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `対応レポート（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return deskReportPage(request, context);
}

export default function DeskReportPage() {
  const page = useLoaderData<typeof loader>();
  const shown = page.ok ? page.period : page.asked;
  return (
    <>
      <CrmNav />
      <div className="mx-auto max-w-6xl px-2 pb-8">
        <h1 className="text-xl">対応レポート</h1>
        <p className="text-sm">
          <Link to="/crm/tickets">お問い合わせ一覧へ戻る</Link>
        </p>
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="期間">
          <label className="grid gap-1 text-sm">
            開始日
            <input type="date" name="from" defaultValue={shown.from} className="field" />
          </label>
          <label className="grid gap-1 text-sm">
            終了日
            <input type="date" name="to" defaultValue={shown.to} className="field" />
          </label>
          <button type="submit" className="btn-primary">
            表示
          </button>
        </Form>
        {!page.ok ? (
          <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="report-error">
            {page.error}
          </p>
        ) : (
          <>
            <p className="text-sm">
              {`${page.period.from} 〜 ${page.period.to}（日本時間）に受け付けたお問い合わせの集計です（統合された重複は除きます）。期限超過はまだ応答・解決していない期限切れを含みます。`}
              <a href={page.csvHref} download className="ml-2">
                CSVをダウンロード
              </a>
            </p>
            <GroupTable caption="全体" groups={[page.report.total]} testId="report-total" />
            <h2 className="text-lg">日別の受付と完了</h2>
            <DailyChart days={page.report.daily} />
            <CountTable
              caption="日別（完了はその日に終了した件数）"
              headings={["日付", "受付", "完了"]}
              rows={page.report.daily.map((day) => [day.day, day.opened, day.closed])}
              testId="report-daily"
            />
            <h2 className="text-lg">初回応答までの時間</h2>
            <LabelledBars
              title="初回応答までの時間の分布"
              desc={page.report.responseBands.map((band) => `${band.label} ${band.count}件`).join("、")}
              rows={page.report.responseBands}
            />
            <CountTable
              caption="初回応答までの時間（件数）"
              headings={["時間", "件数"]}
              rows={page.report.responseBands.map((band) => [band.label, band.count])}
              testId="report-bands"
            />
            <h2 className="text-lg">カテゴリ別</h2>
            <LabelledBars
              title="カテゴリ別の受付件数"
              desc={page.report.byCategory.map((group) => `${group.label} ${group.opened}件`).join("、")}
              rows={page.report.byCategory.map((group) => ({
                label: group.label.length > 8 ? `${group.label.slice(0, 7)}…` : group.label,
                count: group.opened,
              }))}
            />
            <GroupTable caption="カテゴリ別" groups={page.report.byCategory} testId="report-categories" />
            <h2 className="text-lg">担当者別</h2>
            <GroupTable caption="担当者別" groups={page.report.byStaff} testId="report-staff" />
            <h2 className="text-lg">お客様の評価（最新のコメント）</h2>
            <LatestComments comments={page.comments} />
          </>
        )}
      </div>
    </>
  );
}
