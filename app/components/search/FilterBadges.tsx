import { DEFAULT_SEARCH_FILTER, priceLimits, type SearchFilter } from "~/core/search/search-filter";
import { formatYen } from "~/core/money";
import type { FacetOption, SearchFacets } from "~/web/types/search";
import { RemovableBadges } from "../RemovableBadges";

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
  const badges = badgesFor(filter, facets, categoryName).map((badge) => ({ key: badge.key, label: badge.label, href: hrefFor(badge.without) }));
  return <RemovableBadges badges={badges} clearHref={clearHref} />;
}
