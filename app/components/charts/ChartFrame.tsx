/**
 * What the back office's charts share (the desk report's, the dashboard's): plain SVG drawn on the server, no
 * script and no chart library, scaled to the page's width (a 390 px phone too) and named by <title>/<desc>.
 */
import { useId } from "react";

/** The charts' bar colour (the first series where there are two). */
export const BAR_COLOUR = "#2563eb";

/** The axis's top: the largest value rounded up to a readable step. */
export function niceMax(values: number[]): number {
  const max = Math.max(1, ...values);
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
}

export function ChartFrame({
  title,
  desc,
  width,
  height,
  children,
}: {
  title: string;
  desc: string;
  width: number;
  height: number;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="block h-auto max-w-2xl"
      fontSize="11"
      fontFamily="sans-serif"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      {children}
    </svg>
  );
}
