import { Form } from "@remix-run/react";
import { useRef, useState, type ComponentType } from "react";
import type { SearchSuggestionsProps } from "./SearchSuggestions";

/**
 * The header's search box: a plain GET form to /search, which is all it is without JS. With JS, the first
 * focus (or input) of the box loads the predictive combobox (SearchSuggestions.tsx) with a dynamic import,
 * so its code is not part of any page's first load; it then works on this same input element.
 */
export function SiteSearchForm({ searchQuery }: { searchQuery: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const requested = useRef(false);
  const [Suggestions, setSuggestions] = useState<ComponentType<SearchSuggestionsProps> | null>(null);
  const enhance = () => {
    if (requested.current) return;
    requested.current = true;
    import("./SearchSuggestions").then(
      (module) => setSuggestions(() => module.SearchSuggestions),
      // A failed load (offline, a deploy replaced the file) leaves the plain form; the next focus tries again.
      () => (requested.current = false),
    );
  };
  return (
    <Form method="get" action="/search" role="search" className="relative mx-auto flex max-w-5xl gap-2 px-3 pb-2">
      <label htmlFor="site-search" className="sr-only">
        商品を検索
      </label>
      <input
        ref={inputRef}
        id="site-search"
        type="search"
        name="q"
        defaultValue={searchQuery}
        placeholder="キーワードで探す"
        className="field flex-1"
        enterKeyHint="search"
        onFocus={enhance}
        onInput={enhance}
      />
      <button type="submit" className="btn-primary">
        検索
      </button>
      {Suggestions ? <Suggestions inputRef={inputRef} /> : null}
    </Form>
  );
}
