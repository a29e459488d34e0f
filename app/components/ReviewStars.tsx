const STARS = 5;

/** Average rating as stars with the count, readable as text by screen readers. */
export function ReviewStars({ average, count }: { average: number; count: number }) {
  const filled = Math.round(average);
  return (
    <span className="text-xs text-gray-700" aria-label={`評価 ${average.toFixed(1)}（${count}件のレビュー）`}>
      <span aria-hidden="true" className="text-amber-500">
        {"★".repeat(filled)}
        <span className="text-gray-300">{"★".repeat(STARS - filled)}</span>
      </span>{" "}
      <span aria-hidden="true">({count})</span>
    </span>
  );
}
