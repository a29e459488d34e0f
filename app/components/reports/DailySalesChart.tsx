import { dayLabel } from "~/core/reports/dashboard";
import { formatYen } from "~/core/money";
import { BAR_COLOUR as SALES_COLOUR, ChartFrame, niceMax } from "../charts/ChartFrame";

/** Sales per day as bars (the axis in 万円 once sales pass ten thousand yen); the table beside it gives every figure. */
export function DailySalesChart({ days }: { days: { day: string; sales: number; orders: number }[] }) {
  const width = 360;
  const height = 200;
  const left = 40;
  const top = 12;
  const bottom = 24;
  const plot = height - top - bottom;
  const max = niceMax(days.map((day) => day.sales));
  const slot = (width - left - 4) / Math.max(days.length, 1);
  const bar = Math.max(1, Math.min(16, slot - 2));
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));
  const y = (value: number) => top + plot - (value / max) * plot;
  const axis = (value: number) => (max >= 10_000 ? `${Math.round(value / 1_000) / 10}万` : String(value));
  const total = days.reduce((sum, day) => sum + day.sales, 0);
  return (
    <ChartFrame
      title="日別の売上（税込）"
      desc={`${days[0]?.day ?? ""}から${days.at(-1)?.day ?? ""}までの売上 合計${formatYen(total)}。日ごとの金額は下の表にあります。`}
      width={width}
      height={height}
    >
      {[0, max / 2, max].map((value) => (
        <g key={value}>
          <line x1={left} x2={width} y1={y(value)} y2={y(value)} stroke="#e5e7eb" />
          <text x={left - 4} y={y(value) + 4} textAnchor="end">
            {axis(value)}
          </text>
        </g>
      ))}
      {days.map((day, index) => {
        const x = left + index * slot + (slot - bar) / 2;
        return (
          <g key={day.day}>
            <rect x={x} y={y(day.sales)} width={bar} height={top + plot - y(day.sales)} fill={SALES_COLOUR}>
              <title>{`${day.day} ${formatYen(day.sales)}（${day.orders}件）`}</title>
            </rect>
            {index % labelEvery === 0 ? (
              <text x={x + bar / 2} y={height - 8} textAnchor="middle">
                {dayLabel(day.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </ChartFrame>
  );
}
