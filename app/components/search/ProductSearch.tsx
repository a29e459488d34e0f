import { useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { isFiltered, searchHref, searchParamsFor, type SearchFilter } from "~/core/search/search-filter";
import type { SearchPage } from "~/web/types/search";
import { SearchResults } from "./SearchResults";
import { island } from "../island";

// The filter's controls (tiles, price slider, selects that apply at once) and the badges that undo a
// filter matter once the shopper acts: their code loads after the first load, the server's HTML standing
// in meanwhile (see island).
const SearchFilterForm = island(() => import("./SearchFilterForm").then((module) => module.SearchFilterForm));
const FilterBadges = island(() => import("./FilterBadges").then((module) => module.FilterBadges));

export type ProductSearchData = SearchPage & { filter: SearchFilter };

/**
 * The search filter beside its results, shared by /search and /category/{slug}. On a category page the
 * category comes from the path (`fixedCategory`), so it is neither a tile nor a badge nor a URL parameter.
 */
export function ProductSearch({ data, basePath, fixedCategory }: { data: ProductSearchData; basePath: string; fixedCategory: boolean }) {
  // Kept while the data is: the filter form re-renders only when the filter changes (island).
  const filter: SearchFilter = useMemo(() => (fixedCategory ? { ...data.filter, category: null } : data.filter), [data.filter, fixedCategory]);
  const hrefFor = (overrides: Partial<SearchFilter>) => searchHref(basePath, filter, overrides);
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === basePath;
  // The filter starts open on a bare page and folded once something narrows the list, so results (and the
  // badges saying what narrows them) come first — as each page load does without JS. With JS the same
  // happens whenever the list changes, except while tiles and dropdowns are being picked (each applies at
  // once, and the panel stays open for the next pick).
  const [open, setOpen] = useState(() => !isFiltered(filter));
  const appliedBy = useRef<"pick" | "submit" | null>(null);
  const summary = useRef<HTMLElement>(null);
  const shownQuery = searchParamsFor(filter).toString();
  const filtered = isFiltered(filter);
  const firstQuery = useRef(shownQuery);
  useEffect(() => {
    if (firstQuery.current === shownQuery) return;
    firstQuery.current = shownQuery;
    const how = appliedBy.current;
    appliedBy.current = null;
    if (how === "pick") return;
    setOpen(!filtered);
    // The search button is folded away with the panel: keep the focus on the panel's heading.
    if (how === "submit" && filtered) summary.current?.focus();
  }, [shownQuery, filtered]);

  return (
    <div className="mt-4 grid gap-4 md:grid-cols-[17rem_minmax(0,1fr)] md:items-start md:gap-6">
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="card p-3" data-testid="search-filter">
        <summary ref={summary} className="cursor-pointer font-bold">
          絞り込み・並び替え
        </summary>
        <div className="mt-3">
          <SearchFilterForm
            filter={filter}
            facets={data.facets}
            counts={data.facetCounts}
            action={basePath}
            showCategories={!fixedCategory}
            onApply={(how) => (appliedBy.current = how)}
          />
        </div>
      </details>
      <div className="grid min-w-0 gap-3">
        <FilterBadges filter={filter} facets={data.facets} categoryName={data.category?.name ?? null} hrefFor={hrefFor} clearHref={basePath} />
        <SearchResults results={data.results} sort={filter.sort} keyword={filter.q} hrefFor={hrefFor} clearHref={basePath} busy={busy} />
      </div>
    </div>
  );
}
