/**
 * The desk report's charts (issue 36 item 10): plain SVG drawn on the server, no script and no chart library;
 * each scales to the page's width (a 390 px phone too), is named by its <title>/<desc>, and repeats figures
 * that the tables beside it give in full.
 */
import { BAR_COLOUR, ChartFrame, niceMax } from "../charts/ChartFrame";

const OPENED_COLOUR = BAR_COLOUR;
const CLOSED_COLOUR = "#d97706";

/** Tickets opened and closed each day, as pairs of bars. */
export function DailyChart({ days }: { days: { day: string; opened: number; closed: number }[] }) {
  const width = 360;
  const height = 200;
  const left = 28;
  const top = 22;
  const bottom = 24;
  const plot = height - top - bottom;
  const max = niceMax(days.flatMap((day) => [day.opened, day.closed]));
  const slot = (width - left - 4) / Math.max(days.length, 1);
  const bar = Math.max(1, Math.min(14, slot / 2 - 1));
  // Every day's label when they fit, else about eight of them.
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const y = (value: number) => top + plot - (value / max) * plot;
  const totals = days.reduce((sum, day) => ({ opened: sum.opened + day.opened, closed: sum.closed + day.closed }), { opened: 0, closed: 0 });
  return (
    <ChartFrame
      title="日別の受付件数と完了件数"
      desc={`${days[0]?.day ?? ""}から${days.at(-1)?.day ?? ""}まで、受付${totals.opened}件、完了${totals.closed}件。日ごとの件数は下の表にあります。`}
      width={width}
      height={height}
    >
      <rect x={left} y={4} width={10} height={10} fill={OPENED_COLOUR} />
      <text x={left + 14} y={13}>
        受付
      </text>
      <rect x={left + 50} y={4} width={10} height={10} fill={CLOSED_COLOUR} />
      <text x={left + 64} y={13}>
        完了
      </text>
      {[0, max / 2, max].map((value) => (
        <g key={value}>
          <line x1={left} x2={width} y1={y(value)} y2={y(value)} stroke="#e5e7eb" />
          <text x={left - 4} y={y(value) + 4} textAnchor="end">
            {Number.isInteger(value) ? value : ""}
          </text>
        </g>
      ))}
      {days.map((day, index) => {
        const x = left + index * slot + slot / 2;
        return (
          <g key={day.day}>
            <rect x={x - bar} y={y(day.opened)} width={bar} height={top + plot - y(day.opened)} fill={OPENED_COLOUR}>
              <title>{`${day.day} 受付 ${day.opened}件`}</title>
            </rect>
            <rect x={x} y={y(day.closed)} width={bar} height={top + plot - y(day.closed)} fill={CLOSED_COLOUR}>
              <title>{`${day.day} 完了 ${day.closed}件`}</title>
            </rect>
            {index % labelEvery === 0 ? (
              <text x={x} y={height - 8} textAnchor="middle">
                {day.day.slice(5).replace("-", "/")}
              </text>
            ) : null}
          </g>
        );
      })}
    </ChartFrame>
  );
}
