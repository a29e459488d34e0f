/** The desk report's tables (issue 36 item 10): every figure the charts draw, and the rest, scrolling sideways on a phone. */
import { formatDateTime } from "~/core/dates";
import { formatDuration, type Breaches, type GroupFigures } from "~/core/tickets/desk-report";
import { resolvedLabel, scoreLabel } from "~/core/tickets/satisfaction";

const CELL = "border border-solid border-gray-200 px-2 py-1";
const NUMBER = `${CELL} text-right tabular-nums`;

const share = (value: number | null) => (value == null ? "—" : `${value}%`);
const breachText = (breaches: Breaches) => (breaches.of === 0 ? "—" : `${breaches.count}/${breaches.of}件（${share(breaches.percent)}）`);

function ScrollTable({ caption, testId, children }: { caption: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="mb-6 overflow-x-auto">
      <table className="border-collapse text-sm" data-testid={testId}>
        <caption className="mb-1 text-left font-bold">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** Times, breaches and satisfaction per group (the whole, each category, each owner). */
export function GroupTable({ caption, groups, testId }: { caption: string; groups: GroupFigures[]; testId: string }) {
  return (
    <ScrollTable caption={caption} testId={testId}>
      <thead>
        <tr>
          {[
            "",
            "受付",
            "うち完了",
            "初回応答 中央値",
            "初回応答 90%",
            "解決 中央値",
            "解決 90%",
            "初回応答 期限超過",
            "解決 期限超過",
            "回答率",
            "平均評価",
            "解決した",
          ].map((heading) => (
            <th key={heading} scope="col" className={`${CELL} whitespace-nowrap bg-gray-50`}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={group.label}>
            <th scope="row" className={`${CELL} whitespace-nowrap text-left`}>
              {group.label}
            </th>
            <td className={NUMBER}>{group.opened}</td>
            <td className={NUMBER}>{group.closed}</td>
            <td className={NUMBER}>{formatDuration(group.firstResponse.median)}</td>
            <td className={NUMBER}>{formatDuration(group.firstResponse.p90)}</td>
            <td className={NUMBER}>{formatDuration(group.resolution.median)}</td>
            <td className={NUMBER}>{formatDuration(group.resolution.p90)}</td>
            <td className={NUMBER}>{breachText(group.firstResponseBreaches)}</td>
            <td className={NUMBER}>{breachText(group.resolutionBreaches)}</td>
            <td className={NUMBER}>
              {group.satisfaction.mailed === 0 ? "—" : `${group.satisfaction.answers}/${group.satisfaction.mailed}件（${share(group.satisfaction.rate)}）`}
            </td>
            <td className={NUMBER}>{group.satisfaction.average ?? "—"}</td>
            <td className={NUMBER}>{share(group.satisfaction.resolvedPercent)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

export function CountTable({ caption, headings, rows, testId }: { caption: string; headings: string[]; rows: (string | number)[][]; testId: string }) {
  return (
    <ScrollTable caption={caption} testId={testId}>
      <thead>
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col" className={`${CELL} bg-gray-50`}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, ...counts]) => (
          <tr key={label}>
            <th scope="row" className={`${CELL} whitespace-nowrap text-left`}>
              {label}
            </th>
            {counts.map((count, index) => (
              <td key={index} className={NUMBER}>
                {count}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** The latest comments of the customers, with their score, linked to their ticket. */
export function LatestComments({
  comments,
}: {
  comments: { ticketId: number; score: number; resolved: boolean | null; comment: string; createdAt: Date | string }[];
}) {
  if (comments.length === 0) return <p className="text-sm text-gray-600">この期間のコメントはまだありません。</p>;
  return (
    <ul className="m-0 grid list-none gap-2 p-0" data-testid="report-comments">
      {comments.map((comment) => (
        <li key={comment.ticketId} className="card p-2 text-sm">
          <p className="m-0 text-gray-600">
            <a href={`/crm/tickets/${comment.ticketId}`}>{`#${comment.ticketId}`}</a>
            {` 評価 ${comment.score}（${scoreLabel(comment.score)}）・${resolvedLabel(comment.resolved)}・${formatDateTime(comment.createdAt)}`}
          </p>
          <p className="m-0 mt-1 whitespace-pre-wrap">{comment.comment}</p>
        </li>
      ))}
    </ul>
  );
}
