import { formatYen } from "~/core/money";

/** A tax-included price; a sale shows the regular price struck through beside it. */
export function Price({ price, regularPrice, size = "md" }: { price: number; regularPrice?: number; size?: "md" | "lg" }) {
  const onSale = regularPrice != null && regularPrice > price;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold ${size === "lg" ? "text-2xl" : "text-base"} ${onSale ? "text-brand" : ""}`}>{formatYen(price)}</span>
      <span className="text-xs text-gray-600">（税込）</span>
      {onSale ? (
        <del className="text-xs text-gray-500">
          <span className="sr-only">通常価格</span>
          {formatYen(regularPrice)}
        </del>
      ) : null}
    </span>
  );
}
