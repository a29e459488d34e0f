import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { formatYen } from "~/core/money";
import { NO_PRODUCT_IMAGE_URL } from "~/core/catalogue/product-images";
import { suggestionCountLabel } from "~/core/search/search-suggest";
import type { SearchSuggestions as Answer } from "~/web/types/search-suggest";
import { useSuggestionSource } from "./useSuggestionSource";

export interface SearchSuggestionsProps {
  /** The header's search input, which this turns into an ARIA 1.2 combobox. */
  inputRef: RefObject<HTMLInputElement>;
}

const LISTBOX_ID = "site-search-suggestions";
const optionId = (index: number) => `${LISTBOX_ID}-${index}`;

type Option =
  | { kind: "category"; key: string; url: string; name: string; parent: string | null }
  | { kind: "product"; key: string; url: string; title: string; image: string | null; price: number };

function optionsOf(answer: Answer): Option[] {
  return [
    ...answer.categories.map((category): Option => ({ kind: "category", key: category.url, ...category })),
    ...answer.products.map((product): Option => ({ kind: "product", key: product.url, ...product })),
  ];
}

/**
 * Predictive search under the header's search box, loaded on the box's first focus (SiteSearchForm.tsx):
 * the ARIA 1.2 combobox pattern with list autocomplete and manual selection. As the shopper types (from 2
 * characters, never while an IME is composing) suggestions appear; ↑/↓ move through them (wrapping),
 * Home/End jump to the first/last while one is highlighted, Enter or a click/tap opens the highlighted
 * category or product, Escape closes the list; Enter with nothing highlighted submits the search form as
 * without JS. A live region says how many suggestions there are. Focus stays in the input throughout.
 */
export function SearchSuggestions({ inputRef }: SearchSuggestionsProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");
  const composing = useRef(false);

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);

  const onAnswer = useCallback(
    (answer: Answer) => {
      const next = optionsOf(answer);
      setOptions(next);
      setActive(-1);
      setOpen(next.length > 0 && document.activeElement === inputRef.current);
      setAnnouncement(answer.query ? suggestionCountLabel(next.length) : "");
    },
    [inputRef],
  );
  const { schedule, askNow, cancel } = useSuggestionSource(onAnswer);

  const choose = useCallback(
    (option: Option) => {
      cancel();
      close();
      inputRef.current?.blur();
      navigate(option.url);
    },
    [cancel, close, inputRef, navigate],
  );

  // The input becomes the combobox: roles and states the plain form does not need.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", LISTBOX_ID);
    input.setAttribute("autocomplete", "off");
    // Typed before this module arrived: suggest for it now (the text the page came with is not "typed").
    if (document.activeElement === input && input.value !== input.defaultValue) schedule(input.value);
  }, [inputRef, schedule]);

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.setAttribute("aria-expanded", String(open));
    if (open && active >= 0) input.setAttribute("aria-activedescendant", optionId(active));
    else input.removeAttribute("aria-activedescendant");
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [inputRef, open, active]);

  useEffect(() => {
    const input = inputRef.current;
    const form = input?.form;
    if (!input || !form) return;
    const last = options.length - 1;
    const onInput = (event: Event) => {
      if ((event as InputEvent).isComposing || composing.current) return;
      schedule(input.value);
    };
    const onCompositionStart = () => {
      composing.current = true;
      cancel();
    };
    const onCompositionEnd = () => {
      composing.current = false;
      schedule(input.value);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      // Keys that confirm or move an IME's conversion belong to the IME (229: Safari after compositionend).
      if (event.isComposing || composing.current || event.keyCode === 229) return;
      const move = (index: number) => {
        event.preventDefault();
        setOpen(true);
        setActive(index);
      };
      switch (event.key) {
        case "ArrowDown":
          if (last < 0) return askNow(input.value);
          return move(open && active < last ? active + 1 : 0);
        case "ArrowUp":
          if (last < 0) return;
          return move(open && active > 0 ? active - 1 : last);
        case "Home":
        case "End":
          if (open && active >= 0) move(event.key === "Home" ? 0 : last);
          return;
        case "Enter":
          if (open && active >= 0) {
            event.preventDefault();
            choose(options[active]!);
          }
          return;
        case "Escape":
          if (open) {
            // Only closes: the browser's own Escape would also clear the box.
            event.preventDefault();
            close();
          }
          return;
      }
    };
    const onSubmit = (event: Event) => {
      if (composing.current) return event.preventDefault();
      cancel();
      close();
    };
    const listeners: [EventTarget, string, EventListener][] = [
      [input, "input", onInput],
      [input, "compositionstart", onCompositionStart],
      // Also on each update: this module may have arrived after the composition started.
      [input, "compositionupdate", onCompositionStart],
      [input, "compositionend", onCompositionEnd],
      [input, "keydown", onKeyDown as EventListener],
      [input, "blur", close],
      [form, "submit", onSubmit],
    ];
    listeners.forEach(([target, type, listener]) => target.addEventListener(type, listener));
    return () => listeners.forEach(([target, type, listener]) => target.removeEventListener(type, listener));
  }, [inputRef, options, open, active, schedule, askNow, cancel, close, choose]);

  // A navigation (a suggestion, the search form, any link) closes the list.
  useEffect(close, [location.key, close]);

  return (
    <>
      <ul
        id={LISTBOX_ID}
        role="listbox"
        aria-label="検索候補"
        hidden={!open}
        className="absolute left-3 right-3 top-full z-30 m-0 -mt-1 max-h-[70vh] list-none overflow-y-auto border border-solid border-gray-300 rounded bg-white p-0 shadow-lg"
        // Pressing an option must not take focus from the input (that would close the list before the click).
        onMouseDown={(event) => event.preventDefault()}
      >
        {options.map((option, index) => (
          // The keyboard works on the combobox input (aria-activedescendant), as the pattern has it; options take no focus.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onClick={() => choose(option)}
            className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm hover:bg-gray-100 ${index === active ? "bg-gray-100" : ""}`}
          >
            {option.kind === "category" ? (
              <>
                <span className="badge shrink-0 bg-gray-700 text-white">カテゴリ</span>
                <span className="min-w-0 truncate">{option.parent ? `${option.parent} › ${option.name}` : option.name}</span>
              </>
            ) : (
              <>
                <img
                  src={option.image ?? NO_PRODUCT_IMAGE_URL}
                  alt=""
                  width={40}
                  height={40}
                  className="block h-10 w-10 shrink-0 rounded bg-gray-100 object-cover"
                />
                <span className="min-w-0 flex-1 truncate">{option.title}</span>
                <span className="shrink-0 font-bold">{formatYen(option.price)}</span>
              </>
            )}
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only m-0">
        {announcement}
      </p>
    </>
  );
}
