import { Form, Link, useNavigate } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { isFilteredListing, listingHref, listingSearchParams, type ListingDefinition, type ListingFilter, type ListingQuery } from "~/core/search/listing";
import { filterBadges, parseListingQuery } from "~/core/search/listing-query";
import { useHydrated } from "../forms/useHydrated";
import { RemovableBadges } from "../RemovableBadges";
import { Dialog } from "../Dialog";

const LABEL = "text-sm font-bold";
/** The 絞り込み control: a <summary> without JS, a button opening the modal with JS, looking the same. */
const OPENER = "btn-secondary";

/**
 * The filter form of a listing: a plain GET form to the listing's path (every view is a URL). Without JS
 * it sits in a <details> section; with JS a 絞り込み button opens it in a modal, and submitting sends a
 * clean URL (empty fields left out) and closes the modal.
 */
export function ListingFilters({ path, definition, query }: { path: string; definition: ListingDefinition; query: ListingQuery }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const active = filterBadges(definition, query).length;
  const label = active > 0 ? `絞り込み（${active}件の条件）` : "絞り込み";
  if (definition.filters.length === 0) return null;
  if (!hydrated) {
    // Closed, the summary is the same box as the JS button, so hydration moves nothing; open, the section
    // takes the whole row.
    return (
      <details className="open:card open:basis-full open:p-3" data-testid="listing-filters">
        <summary className={OPENER}>{label}</summary>
        <FilterForm path={path} definition={definition} query={query} />
      </details>
    );
  }
  return (
    <>
      <button type="button" className={OPENER} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="listing-filters-open">
        {label}
      </button>
      {open ? (
        <Dialog onClose={() => setOpen(false)} title="絞り込み" testId="listing-filters">
          <FilterForm path={path} definition={definition} query={query} onDone={() => setOpen(false)} />
        </Dialog>
      ) : null}
    </>
  );
}

function FilterForm({ path, definition, query, onDone }: { path: string; definition: ListingDefinition; query: ListingQuery; onDone?: () => void }) {
  const navigate = useNavigate();
  const shown = listingSearchParams(definition, query).toString();
  const idPrefix = `filter-${path.replace(/[^a-z0-9]+/gi, "-")}`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const picked = parseListingQuery(definition, new FormData(event.currentTarget));
    navigate(listingHref(path, definition, { ...picked, orderby: query.orderby, ordersens: query.ordersens }, { page: 0 }));
    onDone?.();
  }

  return (
    // Keyed by the URL's query, so the fields show what the page shows after a badge or a link changed it.
    <Form key={shown} method="get" action={path} onSubmit={handleSubmit} role="search" aria-label="絞り込み条件" className="mt-3 grid gap-4">
      {definition.filters.map((filter) => (
        <FilterField key={filter.name} filter={filter} query={query} id={`${idPrefix}-${filter.name}`} />
      ))}
      {query.orderby !== definition.defaultOrderby ? <input type="hidden" name="orderby" value={query.orderby} /> : null}
      {query.ordersens !== definition.defaultOrdersens ? <input type="hidden" name="ordersens" value={query.ordersens} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary flex-1">
          この条件で絞り込む
        </button>
        {isFilteredListing(query) ? (
          <Link to={listingHref(path, definition, { ...query, inputs: {} }, { page: 0 })} className="text-sm" onClick={() => onDone?.()}>
            条件をクリア
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function FilterField({ filter, query, id }: { filter: ListingFilter; query: ListingQuery; id: string }) {
  const value = query.inputs[filter.name];
  switch (filter.type) {
    case "text":
      return (
        <div className="grid gap-1">
          <label htmlFor={id} className={LABEL}>
            {filter.label}
          </label>
          <input
            id={id}
            type="search"
            name={filter.name}
            defaultValue={typeof value === "string" ? value : ""}
            maxLength={100}
            placeholder={filter.placeholder}
            className="field"
          />
        </div>
      );
    case "choice":
      return (
        <div className="grid gap-1">
          <label htmlFor={id} className={LABEL}>
            {filter.label}
          </label>
          <select id={id} name={filter.name} defaultValue={typeof value === "string" ? value : ""} className="field">
            <option value="">すべて</option>
            {filter.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      );
    case "date": {
      const range = typeof value === "object" ? value : { from: null, to: null };
      return (
        <fieldset className="m-0 min-w-0 border-0 p-0">
          <legend className={`${LABEL} mb-1 p-0`}>{filter.label}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            <div className="grid min-w-0 gap-1">
              <label htmlFor={`${id}-from`} className="text-xs text-gray-700">
                開始日
              </label>
              <input id={`${id}-from`} type="date" name={`${filter.name}_from`} defaultValue={range.from ?? ""} className="field min-w-0" />
            </div>
            <div className="grid min-w-0 gap-1">
              <label htmlFor={`${id}-to`} className="text-xs text-gray-700">
                終了日
              </label>
              <input id={`${id}-to`} type="date" name={`${filter.name}_to`} defaultValue={range.to ?? ""} className="field min-w-0" />
            </div>
          </div>
        </fieldset>
      );
    }
  }
}

/** The filters in effect as removable badges: each links to the same listing without that filter. */
export function ListingBadges({ path, definition, query }: { path: string; definition: ListingDefinition; query: ListingQuery }) {
  const badges = filterBadges(definition, query).map((badge) => ({
    key: badge.name,
    label: badge.label,
    href: listingHref(path, definition, query, { inputs: { [badge.name]: null } }),
  }));
  return <RemovableBadges badges={badges} clearHref={listingHref(path, definition, { ...query, inputs: {} }, { page: 0 })} />;
}
