import { Link } from "@remix-run/react";
import { Fragment } from "react";

const ITEM = "inline-flex min-w-10 h-10 items-center justify-center rounded px-2 text-sm no-underline";

/**
 * Links to the pages of any list (0-based page numbers, shown 1-based). `pages` comes from
 * `paginatorPages` in app/core/paginator.ts; a gap between two of them shows as "…". With `nextAfter`, the
 * next page's links also carry `after=nextAfter`: keyset paging, the next page starts where this one ends.
 */
export function Paginator({
  pages,
  current,
  hrefFor,
  nextAfter,
  label = "ページ送り",
}: {
  pages: number[];
  current: number;
  hrefFor: (page: number) => string;
  nextAfter?: string | null;
  label?: string;
}) {
  const linkTo = (page: number) => {
    const href = hrefFor(page);
    return page === current + 1 && nextAfter ? `${href}${href.includes("?") ? "&" : "?"}after=${nextAfter}` : href;
  };
  const last = pages.at(-1);
  if (last == null || last === 0) return null;
  const previous = Math.min(current - 1, last);
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="m-0 flex flex-wrap items-center justify-center gap-1 p-0">
        {previous >= 0 ? (
          <li className="list-none">
            <Link to={hrefFor(previous)} rel="prev" className={`${ITEM} text-gray-800`}>
              <span aria-hidden="true">‹</span>前へ
            </Link>
          </li>
        ) : null}
        {pages.map((page, index) => {
          const gap = index > 0 && page - (pages[index - 1] ?? page) > 1;
          const isCurrent = page === current;
          return (
            <Fragment key={page}>
              {gap ? (
                <li aria-hidden="true" className="list-none px-1 text-gray-500">
                  …
                </li>
              ) : null}
              <li className="list-none">
                <Link
                  to={linkTo(page)}
                  aria-current={isCurrent ? "page" : undefined}
                  className={`${ITEM} ${isCurrent ? "bg-brand font-bold text-white" : "border border-solid border-gray-300 text-gray-800"}`}
                >
                  {page + 1}
                </Link>
              </li>
            </Fragment>
          );
        })}
        {current < last ? (
          <li className="list-none">
            <Link to={linkTo(Math.max(current + 1, 0))} rel="next" className={`${ITEM} text-gray-800`}>
              次へ<span aria-hidden="true">›</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
