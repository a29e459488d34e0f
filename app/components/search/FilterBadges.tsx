import { Link } from "@remix-run/react";
import { DEFAULT_SEARCH_FILTER, priceLimits, type SearchFilter } from "~/core/search-filter";
import { formatYen } from "~/core/money";
import type { FacetOption, SearchFacets } from "~/services/search.server";

interface Badge {
  key: string;
  label: string;
  /** What the filter becomes without this badge. */
  without: Partial<SearchFilter>;
}

const nameOf = (options: FacetOption[], slug: string) => options.find((option) => option.slug === slug)?.name ?? slug;

function priceLabel(filter: SearchFilter): string | null {
  const { atLeast, atMost } = priceLimits(filter);
  if (atLeast != null && atMost != null) return `${formatYen(atLeast)}〜${formatYen(atMost)}`;
  if (atLeast != null) return `${formatYen(atLeast)}以上`;
  if (atMost != null) return `${formatYen(atMost)}以下`;
  return null;
}

/** One badge per active filter; `categoryName` names the chosen category (it may be a subcategory). */
function badgesFor(filter: SearchFilter, facets: SearchFacets, categoryName: string | null): Badge[] {
  const badges: Badge[] = [];
  if (filter.q) badges.push({ key: "q", label: `「${filter.q}」`, without: { q: "" } });
  if (filter.category) badges.push({ key: "category", label: categoryName ?? filter.category, without: { category: null } });
  for (const slug of filter.features) {
    badges.push({ key: `feature-${slug}`, label: nameOf(facets.features, slug), without: { features: filter.features.filter((other) => other !== slug) } });
  }
  const price = priceLabel(filter);
  if (price) {
    badges.push({ key: "price", label: price, without: { priceMin: DEFAULT_SEARCH_FILTER.priceMin, priceMax: DEFAULT_SEARCH_FILTER.priceMax } });
  }
  if (filter.trouble) badges.push({ key: "trouble", label: `お悩み：${nameOf(facets.troubles, filter.trouble)}`, without: { trouble: null } });
  if (filter.situation) badges.push({ key: "situation", label: `シーン：${nameOf(facets.situations, filter.situation)}`, without: { situation: null } });
  return badges;
}

/** The active filters as removable badges: each links to the same list without that filter. */
export function FilterBadges({
  filter,
  facets,
  categoryName,
  hrefFor,
  clearHref,
}: {
  filter: SearchFilter;
  facets: SearchFacets;
  categoryName: string | null;
  hrefFor: (overrides: Partial<SearchFilter>) => string;
  clearHref: string;
}) {
  const badges = badgesFor(filter, facets, categoryName);
  if (!badges.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="filter-badges">
      <span className="text-xs text-gray-700">絞り込み中：</span>
      <ul aria-label="選択中の条件（選ぶと解除します）" className="m-0 flex flex-wrap gap-2 p-0">
        {badges.map((badge) => (
          <li key={badge.key} className="list-none">
            <Link
              to={hrefFor(badge.without)}
              preventScrollReset
              className="inline-flex items-center gap-1 rounded-full bg-brand-light px-3 py-1 text-xs font-bold text-brand no-underline"
            >
              {badge.label}
              <span aria-hidden="true"> ×</span>
              <span className="sr-only">（条件を解除）</span>
            </Link>
          </li>
        ))}
      </ul>
      {badges.length > 1 ? (
        <Link to={clearHref} className="text-xs">
          すべて解除
        </Link>
      ) : null}
    </div>
  );
}
