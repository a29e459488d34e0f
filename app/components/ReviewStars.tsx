const STARS = 5;

/**
 * A rating as five stars, read by screen readers as one image with its label: a product's average with
 * the number of reviews (`count`), or one review's own rate.
 */
export function ReviewStars({ average, count }: { average: number; count?: number }) {
  const filled = Math.round(average);
  const label = count == null ? `評価 ${average}` : `評価 ${average.toFixed(1)}（${count}件のレビュー）`;
  return (
    <span role="img" aria-label={label} className="text-xs text-gray-700">
      <span className="text-amber-500">
        {"★".repeat(filled)}
        <span className="text-gray-300">{"★".repeat(STARS - filled)}</span>
      </span>
      {count == null ? null : ` (${count})`}
    </span>
  );
}
