import { Link } from "@remix-run/react";
import { nextSort, type ListingOverrides, type ListingQuery, type SortDirection } from "~/core/search/listing";

/**
 * A sortable column's header (aria-sort): a link to the listing ordered by that column, or the other way
 * round when it already is. An island of the listing (decision 0024): the server's link works until its
 * code arrives.
 */
export function SortableHeader({
  label,
  sort,
  firstDirection,
  className,
  query,
  href,
}: {
  label: string;
  /** The definition's orderby value this column sorts by. */
  sort: string;
  firstDirection?: SortDirection;
  className: string;
  query: ListingQuery;
  href: (overrides: ListingOverrides<string>) => string;
}) {
  const active = query.orderby === sort;
  const direction = active ? query.ordersens : null;
  const target = nextSort(query, sort, firstDirection);
  const arrow = direction === "ASC" ? "▲" : direction === "DESC" ? "▼" : "↕";
  return (
    <th scope="col" className={className} aria-sort={direction === "ASC" ? "ascending" : direction === "DESC" ? "descending" : "none"}>
      <Link to={href(target)} preventScrollReset className="inline-flex items-center gap-1 text-gray-900 no-underline hover:underline">
        {label}
        <span aria-hidden="true" className={active ? "text-brand" : "text-gray-400"}>
          {arrow}
        </span>
        <span className="sr-only">（{target.ordersens === "ASC" ? "昇順" : "降順"}で並び替え）</span>
      </Link>
    </th>
  );
}
