import { useCallback, useEffect, useRef } from "react";
import { SUGGEST_DEBOUNCE_MS, SUGGEST_PATH, suggestionQuery } from "~/core/search/search-suggest";
import type { SearchSuggestions } from "~/web/types/search-suggest";

/** Answers kept in the page, so going back over typed text (a backspace) asks nothing again. */
const REMEMBERED_ANSWERS = 50;

const NONE: SearchSuggestions = { query: "", categories: [], products: [] };

/**
 * Where the combobox's suggestions come from: `schedule(text)` asks the endpoint SUGGEST_DEBOUNCE_MS after
 * the last call, `askNow(text)` at once. Only the newest query counts: an outdated request is aborted, and
 * an answer that still arrives late (or from the cache of another query) is never shown. `onAnswer` gets
 * the suggestions for the box's text — none when it is too short — and nothing when a request fails (the
 * plain search still works).
 */
export function useSuggestionSource(onAnswer: (answer: SearchSuggestions) => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const inflight = useRef<AbortController | null>(null);
  const wanted = useRef("");
  const answers = useRef(new Map<string, SearchSuggestions>());

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    inflight.current?.abort();
    inflight.current = null;
    wanted.current = "";
  }, []);

  const askNow = useCallback(
    (text: string) => {
      cancel();
      const query = suggestionQuery(text);
      wanted.current = query;
      if (!query) return onAnswer(NONE);
      const remembered = answers.current.get(query);
      if (remembered) return onAnswer(remembered);
      const controller = new AbortController();
      inflight.current = controller;
      fetch(`${SUGGEST_PATH}?${new URLSearchParams({ q: query })}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<SearchSuggestions>) : null))
        .then((answer) => {
          if (!answer) return;
          answers.current.set(query, answer);
          if (answers.current.size > REMEMBERED_ANSWERS) answers.current.delete(answers.current.keys().next().value!);
          if (wanted.current === query) onAnswer(answer);
        })
        .catch(() => {
          // Aborted because the shopper typed on, or the network failed: nothing to show.
        });
    },
    [cancel, onAnswer],
  );

  const schedule = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => askNow(text), SUGGEST_DEBOUNCE_MS);
    },
    [askNow],
  );

  useEffect(() => cancel, [cancel]);
  return { schedule, askNow, cancel };
}
