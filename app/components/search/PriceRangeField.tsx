import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { PRICE_FILTER_MAX, PRICE_FILTER_MIN } from "~/core/limits";
import { formatYen } from "~/core/money";
import { PRICE_SLIDER_STOPS, priceToStop, stopToPrice } from "~/core/search/price-slider";
import { PRICE_FILTER_STEP } from "~/core/search/search-filter";
import { useHydrated } from "../forms/useHydrated";

const LAST_STOP = PRICE_SLIDER_STOPS.length - 1;
const percent = (stop: number) => `${(stop / LAST_STOP) * 100}%`;

/**
 * The price range (spec screen 8: a slider shown 100–100,000円). The two number inputs are the form's
 * fields — all there is without JS, and the accessible way to type an exact price. With JS a two-thumb
 * slider sits above them: moving a thumb writes its price into the number input, typing moves the thumb,
 * and the form's reset (the page showing another filter) puts both back.
 */
export function PriceRangeField({ priceMin, priceMax }: { priceMin: number; priceMax: number }) {
  const hydrated = useHydrated();
  const minInput = useRef<HTMLInputElement>(null);
  const maxInput = useRef<HTMLInputElement>(null);
  const [stops, setStops] = useState(() => [priceToStop(priceMin), priceToStop(priceMax)] as const);

  const readInputs = useCallback(
    () => setStops([priceToStop(Number(minInput.current?.value) || PRICE_FILTER_MIN), priceToStop(Number(maxInput.current?.value) || PRICE_FILTER_MAX)]),
    [],
  );

  // The form is reset when the page shows another filter; the inputs' new values exist only after the event.
  useEffect(() => {
    const form = minInput.current?.form;
    if (!form) return;
    const onReset = () => setTimeout(readInputs);
    form.addEventListener("reset", onReset);
    return () => form.removeEventListener("reset", onReset);
  }, [readInputs]);

  function slide(which: 0 | 1, stop: number) {
    const [low, high] = stops;
    // The thumbs may meet but not pass each other.
    const next = which === 0 ? ([Math.min(stop, high), high] as const) : ([low, Math.max(stop, low)] as const);
    setStops(next);
    const input = which === 0 ? minInput.current : maxInput.current;
    if (input) input.value = String(stopToPrice(next[which]));
  }

  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="mb-2 p-0 text-sm font-bold">価格帯（税込）</legend>
      {/* Until hydration the slider keeps its place, unseen and out of reach, so that hydration moves
          nothing the shopper may be tapping (without JS the number inputs are the whole field). */}
      <div
        className={`price-slider js-only relative mx-2 mb-2 h-8 ${hydrated ? "" : "invisible"}`}
        aria-hidden={!hydrated || undefined}
        data-testid="price-slider"
      >
        <div className="absolute inset-x-0 top-3.5 h-1 rounded bg-gray-200" />
        <div className="absolute top-3.5 h-1 rounded bg-brand" style={{ left: percent(stops[0]), right: `calc(100% - ${percent(stops[1])})` }} />
        {([0, 1] as const).map((which) => (
          <input
            key={which}
            type="range"
            min={0}
            max={LAST_STOP}
            step={1}
            value={stops[which]}
            onChange={(event) => slide(which, Number(event.target.value))}
            aria-label={which === 0 ? "最低価格" : "最高価格"}
            aria-valuetext={formatYen(stopToPrice(stops[which]))}
            // Where the thumbs meet in the upper half only the lower one can move (left): keep it on top.
            style={{ zIndex: which === 0 && stops[0] > LAST_STOP / 2 ? 2 : 1 }}
            disabled={!hydrated}
            tabIndex={hydrated ? undefined : -1}
            className="absolute inset-0 m-0 h-8 w-full"
          />
        ))}
      </div>
      <div className="flex items-end gap-2">
        <PriceInput inputRef={minInput} id="filter-price-min" name="priceMin" label="下限" value={priceMin} onInput={readInputs} />
        <span aria-hidden="true" className="pb-2">
          〜
        </span>
        <PriceInput inputRef={maxInput} id="filter-price-max" name="priceMax" label="上限" value={priceMax} onInput={readInputs} />
      </div>
      <p className="m-0 mt-1 text-xs text-gray-600">
        {formatYen(PRICE_FILTER_MIN)}〜{formatYen(PRICE_FILTER_MAX)}の範囲で、{formatYen(PRICE_FILTER_STEP)}単位で指定できます。
      </p>
    </fieldset>
  );
}

function PriceInput({
  inputRef,
  id,
  name,
  label,
  value,
  onInput,
}: {
  inputRef: RefObject<HTMLInputElement>;
  id: string;
  name: string;
  label: string;
  value: number;
  onInput: () => void;
}) {
  return (
    <div className="grid flex-1 gap-1">
      <label htmlFor={id} className="text-xs text-gray-700">
        {label}
      </label>
      <div className="flex items-center gap-1">
        <input
          ref={inputRef}
          id={id}
          type="number"
          name={name}
          inputMode="numeric"
          min={PRICE_FILTER_MIN}
          max={PRICE_FILTER_MAX}
          step={PRICE_FILTER_STEP}
          defaultValue={value}
          onInput={onInput}
          className="field min-w-0 text-right"
        />
        <span className="text-sm">円</span>
      </div>
    </div>
  );
}
