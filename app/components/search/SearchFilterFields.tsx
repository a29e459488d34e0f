import type { ReactNode } from "react";
import { SORT_LABELS, sortsFor, type SearchFilter } from "~/core/search/search-filter";
import type { FacetCounts, FacetOption, SearchFacets } from "~/web/types/search";

const FIELDSET = "m-0 min-w-0 border-0 p-0";
const LEGEND = "mb-2 p-0 text-sm font-bold";
const LABEL = "text-sm font-bold";

/** The keyword, applied by the search button (not as it is typed). */
export function KeywordField({ value }: { value: string }) {
  return (
    <div className="grid gap-1">
      <label htmlFor="filter-q" className={LABEL}>
        キーワード
      </label>
      <input id="filter-q" type="search" name="q" defaultValue={value} maxLength={100} placeholder="例：煎茶、タオル" enterKeyHint="search" className="field" />
    </div>
  );
}

/** How many products a choice finds, under its name: keyword searches only (counts null otherwise). */
function ResultCount({ count }: { count: number | undefined }) {
  return count == null ? null : <span className="font-normal text-gray-600">{count.toLocaleString("ja-JP")}件</span>;
}

/** The category tiles (すべて first); a category page leaves them out, as its path fixes the category. */
export function CategoryTiles({ filter, categories, counts }: { filter: SearchFilter; categories: SearchFacets["categories"]; counts: FacetCounts | null }) {
  return (
    <fieldset className={FIELDSET}>
      <legend className={LEGEND}>カテゴリ</legend>
      <div className="grid grid-cols-3 gap-2">
        <Tile type="radio" name="category" value="" checked={!filter.category}>
          <span aria-hidden="true" className="text-lg leading-none">
            ✨
          </span>
          すべて
          <ResultCount count={counts?.anyCategory} />
        </Tile>
        {categories.map((category) => (
          <Tile key={category.slug} type="radio" name="category" value={category.slug} checked={filter.category === category.slug}>
            <span aria-hidden="true" className="text-lg leading-none">
              {category.icon}
            </span>
            {category.name}
            <ResultCount count={counts ? (counts.categories[category.slug] ?? 0) : undefined} />
          </Tile>
        ))}
      </div>
    </fieldset>
  );
}

/** The feature tiles (こだわり条件): any number may be ticked. */
export function FeatureTiles({ filter, features, counts }: { filter: SearchFilter; features: SearchFacets["features"]; counts: FacetCounts | null }) {
  return (
    <fieldset className={FIELDSET}>
      <legend className={LEGEND}>こだわり条件</legend>
      <div className="grid grid-cols-3 gap-2 md:grid-cols-2">
        {features.map((feature) => (
          <Tile key={feature.slug} type="checkbox" name="feature" value={feature.slug} checked={filter.features.includes(feature.slug)}>
            {feature.name}
            <ResultCount count={counts ? (counts.features[feature.slug] ?? 0) : undefined} />
          </Tile>
        ))}
      </div>
    </fieldset>
  );
}

/** The order of the results. */
export function SortSelect({ value, keyword }: { value: SearchFilter["sort"]; keyword: string }) {
  return (
    <div className="grid gap-1">
      <label htmlFor="filter-sort" className={LABEL}>
        並び替え
      </label>
      <select id="filter-sort" name="sort" defaultValue={value} className="field">
        {sortsFor(keyword).map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A radio button or checkbox drawn as a tile; the real input covers it (invisibly) and takes the clicks. */
function Tile({ type, name, value, checked, children }: { type: "radio" | "checkbox"; name: string; value: string; checked: boolean; children: ReactNode }) {
  return (
    <label className="relative block">
      <input type={type} name={name} value={value} defaultChecked={checked} className="peer absolute inset-0 m-0 h-full w-full cursor-pointer opacity-0" />
      <span className="h-full min-h-11 flex flex-col items-center justify-center gap-1 rounded border border-solid border-gray-300 bg-white px-1 py-1.5 text-center text-xs leading-tight text-gray-800 peer-checked:(border-brand bg-brand-light font-bold text-brand) peer-focus-visible:(outline outline-2 outline-offset-2 outline-brand)">
        {children}
      </span>
    </label>
  );
}
/** A dropdown of one tag facet (お悩み, シーン), or none; `counts` by slug on a keyword search. */
export function TagSelect({
  id,
  name,
  label,
  options,
  value,
  counts,
}: {
  id: string;
  name: string;
  label: string;
  options: FacetOption[];
  value: string | null;
  counts: Record<string, number> | undefined;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className="field">
        <option value="">指定なし</option>
        {options.map((option) => (
          <option key={option.slug} value={option.slug}>
            {counts ? `${option.name}（${(counts[option.slug] ?? 0).toLocaleString("ja-JP")}件）` : option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
