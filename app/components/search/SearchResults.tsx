import { Link } from "@remix-run/react";
import { useMemo } from "react";
import { ProductCard } from "~/components/ProductCard";
import { paginatorPages } from "~/core/paginator";
import { SORT_LABELS, sortsFor, type SearchFilter } from "~/core/search/search-filter";
import type { SearchResults as Results } from "~/web/types/search";
import { island } from "../island";

// The page links' code loads after the first load, the server's links standing in (see island).
const Paginator = island(() => import("~/components/Paginator").then((module) => module.Paginator));

/** Result count, sort links, the product grid (or the empty state) and the paginator. */
export function SearchResults({
  results,
  sort,
  keyword,
  hrefFor,
  clearHref,
  busy,
}: {
  results: Results;
  sort: SearchFilter["sort"];
  /** The query's keyword: relevance is offered only with one. */
  keyword: string;
  hrefFor: (overrides: Partial<SearchFilter>) => string;
  clearHref: string;
  busy: boolean;
}) {
  const { products, total, totalText, page, totalPages, nextAfter } = results;
  const pages = useMemo(() => paginatorPages(page, totalPages), [page, totalPages]);
  return (
    <section aria-labelledby="search-results-heading" aria-busy={busy} className={busy ? "opacity-60" : undefined}>
      <h2 id="search-results-heading" className="sr-only">
        検索結果
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="m-0 font-bold" data-testid="result-count">
          {totalText}の商品
        </p>
        {/* Each a 44 px tall target (a thumb's width on a phone), its words centred in it. */}
        <ul aria-label="並び替え" className="m-0 flex flex-wrap gap-x-3 p-0 text-xs">
          {sortsFor(keyword).map((option) => (
            <li key={option} className="list-none">
              {option === sort ? (
                <span aria-current="true" className="inline-flex min-h-11 items-center font-bold text-gray-900">
                  {SORT_LABELS[option]}
                </span>
              ) : (
                <Link to={hrefFor({ sort: option })} preventScrollReset className="inline-flex min-h-11 items-center text-gray-700">
                  {SORT_LABELS[option]}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>

      {products.length ? (
        <ul className="m-0 mt-3 grid grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4" data-testid="product-list">
          {products.map((product, index) => (
            <ProductCard key={product.sku} product={product} position={page === 0 ? index : undefined} />
          ))}
        </ul>
      ) : (
        <div className="mt-4 rounded-lg bg-gray-50 px-4 py-8 text-center">
          {total > 0 ? (
            <>
              <p className="m-0">このページに商品はありません。</p>
              <Link to={hrefFor({ page: 0 })}>最初のページへ</Link>
            </>
          ) : (
            <>
              <p className="m-0">条件に合う商品が見つかりませんでした。</p>
              <p className="m-0 mt-1 text-sm text-gray-600">キーワードを変えるか、条件を減らしてお試しください。</p>
              <Link to={clearHref} className="btn-secondary mt-4 no-underline">
                条件をクリアする
              </Link>
            </>
          )}
        </div>
      )}

      <Paginator pages={pages} current={page} hrefFor={(target) => hrefFor({ page: target })} nextAfter={nextAfter} />
    </section>
  );
}
