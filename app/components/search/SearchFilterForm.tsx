import { Form, Link } from "@remix-run/react";
import type { SearchFilter } from "~/core/search/search-filter";
import type { FacetCounts, SearchFacets } from "~/web/types/search";
import { PriceRangeField } from "./PriceRangeField";
import { CategoryTiles, FeatureTiles, KeywordField, SortSelect, TagSelect } from "./SearchFilterFields";
import { useFilterSubmit } from "./useFilterSubmit";

/**
 * The product search filter (spec screen 8): a plain GET form that works without JavaScript. With JS,
 * tiles and dropdowns apply as soon as they change; the submit button stays for the keyword and prices.
 */
export function SearchFilterForm({
  filter,
  facets,
  counts,
  action,
  showCategories,
  onApply,
}: {
  /** The filter shown; on a category page its category is left out (the path fixes it). */
  filter: SearchFilter;
  facets: SearchFacets;
  /** How many products each choice finds (keyword searches), or null. */
  counts: FacetCounts | null;
  action: string;
  showCategories: boolean;
  /** Told how the filter is applied: at once by a tile or dropdown ("pick"), or by the search button. */
  onApply?: (how: "pick" | "submit") => void;
}) {
  const { formRef, handleChange, handleSubmit } = useFilterSubmit({ filter, action, onApply });

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      role="search"
      aria-label="商品の絞り込み"
      onChange={handleChange}
      onSubmit={handleSubmit}
      className="grid gap-5"
    >
      <KeywordField value={filter.q} />
      {showCategories ? <CategoryTiles filter={filter} categories={facets.categories} counts={counts} /> : null}
      <FeatureTiles filter={filter} features={facets.features} counts={counts} />

      <PriceRangeField priceMin={filter.priceMin} priceMax={filter.priceMax} />

      <div className="grid grid-cols-2 gap-3">
        <TagSelect id="filter-trouble" name="trouble" label="お悩み" options={facets.troubles} value={filter.trouble} counts={counts?.troubles} />
        <TagSelect id="filter-situation" name="situation" label="シーン" options={facets.situations} value={filter.situation} counts={counts?.situations} />
      </div>

      <SortSelect value={filter.sort} keyword={filter.q} />

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary flex-1">
          この条件で検索
        </button>
        <Link to={action} className="text-sm">
          条件をクリア
        </Link>
      </div>
    </Form>
  );
}
