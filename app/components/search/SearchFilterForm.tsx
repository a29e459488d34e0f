import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { parseSearchFilter, SEARCH_SORTS, searchParamsFor, SORT_LABELS, type SearchFilter } from "~/core/search-filter";
import type { FacetOption, SearchFacets } from "~/web/types/search";
import { PriceRangeField } from "./PriceRangeField";

const FIELDSET = "m-0 min-w-0 border-0 p-0";
const LEGEND = "mb-2 p-0 text-sm font-bold";
const LABEL = "text-sm font-bold";

/**
 * The product search filter (spec screen 8): a plain GET form that works without JavaScript. With JS,
 * tiles and dropdowns apply as soon as they change; the submit button stays for the keyword and prices.
 */
export function SearchFilterForm({
  filter,
  facets,
  action,
  showCategories,
  onApply,
}: {
  /** The filter shown; on a category page its category is left out (the path fixes it). */
  filter: SearchFilter;
  facets: SearchFacets;
  action: string;
  showCategories: boolean;
  /** Told how the filter is applied: at once by a tile or dropdown ("pick"), or by the search button. */
  onApply?: (how: "pick" | "submit") => void;
}) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const shownQuery = searchParamsFor(filter, { page: filter.page }).toString();
  const lastShown = useRef(shownQuery);
  const lastSubmitted = useRef<string | null>(null);

  // The inputs are uncontrolled. When the URL changed through something other than this form (a badge, a
  // sort link, the back button), put them back to what the page now shows; after the form's own submit
  // they already show it, and whatever was typed meanwhile stays.
  useEffect(() => {
    if (lastShown.current === shownQuery) return;
    lastShown.current = shownQuery;
    if (lastSubmitted.current !== shownQuery) formRef.current?.reset();
    lastSubmitted.current = null;
  }, [shownQuery]);

  function submitClean(form: HTMLFormElement, replace: boolean) {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
    const clean = searchParamsFor(parseSearchFilter(params));
    lastSubmitted.current = clean.toString();
    onApply?.(replace ? "pick" : "submit");
    submit(clean, { method: "get", action, preventScrollReset: true, replace });
  }

  function handleChange(event: ChangeEvent<HTMLFormElement>) {
    const target = event.target as EventTarget;
    const picked =
      (target instanceof HTMLInputElement && (target.type === "radio" || target.type === "checkbox")) || target instanceof HTMLSelectElement;
    if (picked) submitClean(event.currentTarget, true);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitClean(event.currentTarget, false);
  }

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
      <div className="grid gap-1">
        <label htmlFor="filter-q" className={LABEL}>
          キーワード
        </label>
        <input
          id="filter-q"
          type="search"
          name="q"
          defaultValue={filter.q}
          maxLength={100}
          placeholder="例：煎茶、タオル"
          enterKeyHint="search"
          className="field"
        />
      </div>

      {showCategories ? (
        <fieldset className={FIELDSET}>
          <legend className={LEGEND}>カテゴリ</legend>
          <div className="grid grid-cols-3 gap-2">
            <Tile type="radio" name="category" value="" checked={!filter.category}>
              <span aria-hidden="true" className="text-lg leading-none">
                ✨
              </span>
              すべて
            </Tile>
            {facets.categories.map((category) => (
              <Tile key={category.slug} type="radio" name="category" value={category.slug} checked={filter.category === category.slug}>
                <span aria-hidden="true" className="text-lg leading-none">
                  {category.icon}
                </span>
                {category.name}
              </Tile>
            ))}
          </div>
        </fieldset>
      ) : null}

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>こだわり条件</legend>
        <div className="grid grid-cols-3 gap-2 md:grid-cols-2">
          {facets.features.map((feature) => (
            <Tile key={feature.slug} type="checkbox" name="feature" value={feature.slug} checked={filter.features.includes(feature.slug)}>
              {feature.name}
            </Tile>
          ))}
        </div>
      </fieldset>

      <PriceRangeField priceMin={filter.priceMin} priceMax={filter.priceMax} />

      <div className="grid grid-cols-2 gap-3">
        <TagSelect id="filter-trouble" name="trouble" label="お悩み" options={facets.troubles} value={filter.trouble} />
        <TagSelect id="filter-situation" name="situation" label="シーン" options={facets.situations} value={filter.situation} />
      </div>

      <div className="grid gap-1">
        <label htmlFor="filter-sort" className={LABEL}>
          並び替え
        </label>
        <select id="filter-sort" name="sort" defaultValue={filter.sort} className="field">
          {SEARCH_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>

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

/** A radio button or checkbox drawn as a tile; the real input covers it (invisibly) and takes the clicks. */
function Tile({
  type,
  name,
  value,
  checked,
  children,
}: {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  checked: boolean;
  children: ReactNode;
}) {
  return (
    <label className="relative block">
      <input
        type={type}
        name={name}
        value={value}
        defaultChecked={checked}
        className="peer absolute inset-0 m-0 h-full w-full cursor-pointer opacity-0"
      />
      <span className="h-full min-h-11 flex flex-col items-center justify-center gap-1 rounded border border-solid border-gray-300 bg-white px-1 py-1.5 text-center text-xs leading-tight text-gray-800 peer-checked:(border-brand bg-brand-light font-bold text-brand) peer-focus-visible:(outline outline-2 outline-offset-2 outline-brand)">
        {children}
      </span>
    </label>
  );
}

function TagSelect({ id, name, label, options, value }: { id: string; name: string; label: string; options: FacetOption[]; value: string | null }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className="field">
        <option value="">指定なし</option>
        {options.map((option) => (
          <option key={option.slug} value={option.slug}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
