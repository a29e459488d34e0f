import { useSubmit } from "@remix-run/react";
import { useEffect, useRef, type ChangeEvent, type FormEvent } from "react";
import { parseSearchFilter, searchParamsFor, type SearchFilter } from "~/core/search/search-filter";

/**
 * With JS, the filter form submits a clean query (empty fields left out): at once when a tile or dropdown
 * changes (replacing the history entry), or by its button; its uncontrolled inputs follow the URL.
 */
export function useFilterSubmit({ filter, action, onApply }: { filter: SearchFilter; action: string; onApply?: (how: "pick" | "submit") => void }) {
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

  // The form is an island: a tile or dropdown picked before its code arrived changed the HTML form only.
  // Once hydrated, such a pick is applied as it would have been at once (typed words and prices still wait
  // for the button).
  const hydratedPicks = useRef(false);
  useEffect(() => {
    const form = formRef.current;
    if (hydratedPicks.current || !form) return;
    hydratedPicks.current = true;
    if (picksOf(filterOf(form, filter.q)) !== picksOf(filter)) submitClean(form, true);
  });

  function submitClean(form: HTMLFormElement, replace: boolean) {
    const clean = searchParamsFor(filterOf(form));
    lastSubmitted.current = clean.toString();
    onApply?.(replace ? "pick" : "submit");
    submit(clean, { method: "get", action, preventScrollReset: true, replace });
  }

  function handleChange(event: ChangeEvent<HTMLFormElement>) {
    const target = event.target as EventTarget;
    const picked = (target instanceof HTMLInputElement && (target.type === "radio" || target.type === "checkbox")) || target instanceof HTMLSelectElement;
    if (picked) submitClean(event.currentTarget, true);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitClean(event.currentTarget, false);
  }

  return { formRef, handleChange, handleSubmit };
}

/** The filter the form's fields say; `keyword` in place of the typed one (it decides the default sort). */
function filterOf(form: HTMLFormElement, keyword?: string): SearchFilter {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
  if (keyword != null) params.set("q", keyword);
  return parseSearchFilter(params);
}

/** What the tiles and dropdowns choose (they apply at once), as one comparable string. */
function picksOf(filter: SearchFilter): string {
  return JSON.stringify([filter.category, [...filter.features].sort(), filter.trouble, filter.situation, filter.sort]);
}
