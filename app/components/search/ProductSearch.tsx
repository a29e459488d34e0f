import { useNavigation } from "@remix-run/react";
import { useState } from "react";
import { isFiltered, searchHref, type SearchFilter } from "~/core/search-filter";
import type { SearchPage } from "~/services/search.server";
import { FilterBadges } from "./FilterBadges";
import { SearchFilterForm } from "./SearchFilterForm";
import { SearchResults } from "./SearchResults";

export type ProductSearchData = SearchPage & { filter: SearchFilter };

/**
 * The search filter beside its results, shared by /search and /category/{slug}. On a category page the
 * category comes from the path (`fixedCategory`), so it is neither a tile nor a badge nor a URL parameter.
 */
export function ProductSearch({ data, basePath, fixedCategory }: { data: ProductSearchData; basePath: string; fixedCategory: boolean }) {
  const filter: SearchFilter = fixedCategory ? { ...data.filter, category: null } : data.filter;
  const hrefFor = (overrides: Partial<SearchFilter>) => searchHref(basePath, filter, overrides);
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === basePath;
  // The filter starts open on a bare page and folded once something narrows the list, so results come first.
  const [open, setOpen] = useState(() => !isFiltered(filter));

  return (
    <div className="mt-4 grid gap-4 md:grid-cols-[17rem_minmax(0,1fr)] md:items-start md:gap-6">
      <details
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className="card p-3"
        data-testid="search-filter"
      >
        <summary className="cursor-pointer font-bold">絞り込み・並び替え</summary>
        <div className="mt-3">
          <SearchFilterForm filter={filter} facets={data.facets} action={basePath} showCategories={!fixedCategory} />
        </div>
      </details>
      <div className="grid min-w-0 gap-3">
        <FilterBadges
          filter={filter}
          facets={data.facets}
          categoryName={data.category?.name ?? null}
          hrefFor={hrefFor}
          clearHref={basePath}
        />
        <SearchResults results={data.results} sort={filter.sort} hrefFor={hrefFor} clearHref={basePath} busy={busy} />
      </div>
    </div>
  );
}
