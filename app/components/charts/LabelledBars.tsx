import { BAR_COLOUR, ChartFrame, niceMax } from "./ChartFrame";

/** Roughly how wide a label is drawn at the charts' 11 px: a full-width (Japanese) character 11 px, others 6.5. */
const drawnWidth = (text: string) => [...text].reduce((width, char) => width + (char.charCodeAt(0) > 0xff ? 11 : 6.5), 0);

/** The label cut to `room` px with "…" (a product's title and SKU would run off the chart's left edge); the whole one is in the table. */
function fitted(label: string, room: number): string {
  if (drawnWidth(label) <= room) return label;
  let cut = [...label];
  while (cut.length > 1 && drawnWidth(`${cut.join("")}…`) > room) cut = cut.slice(0, -1);
  return `${cut.join("")}…`;
}

/** Values by label as horizontal bars, the value at each bar's end (long Japanese labels stay readable). */
export function LabelledBars({
  title,
  desc,
  rows,
  format = (count) => `${count}件`,
}: {
  title: string;
  desc: string;
  rows: { label: string; count: number }[];
  /** How a bar's value is written at its end (counts by default; yen for sales). */
  format?: (count: number) => string;
}) {
  const width = 360;
  const labelWidth = 96;
  const rowHeight = 22;
  const height = rows.length * rowHeight + 4;
  const max = niceMax(rows.map((row) => row.count));
  // Room at the right for the value written after the longest bar.
  const room = width - labelWidth - 76;
  return (
    <ChartFrame title={title} desc={desc} width={width} height={height}>
      {rows.map((row, index) => {
        const y = index * rowHeight + 2;
        const length = (row.count / max) * room;
        return (
          <g key={row.label}>
            <title>{row.label}</title>
            <text x={labelWidth - 6} y={y + 14} textAnchor="end">
              {fitted(row.label, labelWidth - 8)}
            </text>
            <rect x={labelWidth} y={y + 3} width={length} height={rowHeight - 8} fill={BAR_COLOUR} />
            <text x={labelWidth + length + 4} y={y + 14}>
              {format(row.count)}
            </text>
          </g>
        );
      })}
    </ChartFrame>
  );
}
