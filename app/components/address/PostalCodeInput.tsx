/**
 * The postal-code field (spec §2 screen 12, §5): fills prefecture, city and street from the code.
 *
 * The input takes at most 8 characters (spec §9: 7 digits and a dash). With JS what the shopper types
 * is normalised as they type (full-width digits and long dashes to half-width, other characters
 * dropped); at 7 or more characters the code is looked up (only when exactly 7 digits remain, else the
 * empty address) through /api/postal/{prefix}, cached per prefix; `onLookup` receives the result (an unknown code gives the empty address, and the
 * form empties the filled fields). 500 ms after the last change the shipping fee is rechecked
 * (POST /api/shipping-fee/check) when `onShippingChange` is given, with the result.
 * Without JS: 「住所を検索」 is a submit button (`intent=postal_lookup`) the page's action answers by
 * re-rendering the form with the looked-up values (lookUpPostalForm in app/web/address/postal.server.ts).
 * A link to Japan Post's postal-code search opens in a new tab for shoppers who do not know their code.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, type ChangeEvent, type CompositionEvent } from "react";
import { normalizePostalInput, POSTAL_INPUT_MAX_LENGTH, type PostalLookupResult } from "~/core/address/postal";
import { changedBeforeHydration } from "~/components/forms/changed-before-hydration";
import { FieldErrors, RequiredMark } from "~/components/forms/TextField";
import { useHydrated } from "~/components/forms/useHydrated";
import { JAPAN_POST_SEARCH_URL } from "~/core/site/site";
import type { ShippingRecheck } from "./address-client";
import { usePostalLookup } from "./usePostalLookup";

export interface PostalCodeInputProps {
  /** The Conform field of the postal code (its name carries the form's prefix, e.g. shipping.postal_code). */
  field: FieldMetadata<string>;
  /** Called with the lookup result after each lookup (the empty address for an unknown code). */
  onLookup: (result: PostalLookupResult) => void;
  /** Reads the prefecture number the form holds, for the shipping recheck. */
  currentPrefecture?: () => string;
  /** When given, the shipping fee is rechecked 500 ms after the postal code last changed. */
  onShippingChange?: (result: ShippingRecheck) => void;
  /** Name and value of the no-JS 住所を検索 submit button (default intent=postal_lookup). */
  lookupIntent?: { name: string; value: string };
  /** A server-side lookup's message to show (no JS), e.g. 「住所が見つかりませんでした」. */
  lookupMessage?: { tone: "info" | "error"; text: string } | null;
}

export function PostalCodeInput({
  field,
  onLookup,
  currentPrefecture,
  onShippingChange,
  lookupIntent = { name: "intent", value: "postal_lookup" },
  lookupMessage,
}: PostalCodeInputProps) {
  const hydrated = useHydrated();
  const { inputRef, status, lookUp, handleValue } = usePostalLookup({ onLookup, onShippingChange, currentPrefecture });
  const shown = status ?? lookupMessage ?? null;
  // A code typed on the server's page before this code ran is looked up now, as if typed just now.
  useEffect(() => {
    const input = inputRef.current;
    if (input && changedBeforeHydration(input)) handleValue(input);
    // Once, as the field first runs in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const inputProps = getInputProps(field, { type: "text" });
  const hintId = `${field.id}-hint`;
  const statusId = `${field.id}-status`;
  return (
    <div className="grid gap-1">
      <label htmlFor={field.id} className="text-sm font-bold">
        郵便番号
        <RequiredMark />
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          {...inputProps}
          ref={inputRef}
          inputMode="numeric"
          maxLength={POSTAL_INPUT_MAX_LENGTH}
          autoComplete="postal-code"
          placeholder="1000001"
          aria-required
          aria-describedby={[hintId, statusId, inputProps["aria-describedby"]].filter(Boolean).join(" ")}
          className="field w-36 flex-none"
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            if (!(event.nativeEvent as InputEvent).isComposing) handleValue(event.currentTarget);
          }}
          onCompositionEnd={(event: CompositionEvent<HTMLInputElement>) => handleValue(event.currentTarget)}
        />
        {hydrated ? (
          <button type="button" className="btn-secondary" onClick={() => inputRef.current && lookUp(normalizePostalInput(inputRef.current.value), true)}>
            住所を検索
          </button>
        ) : (
          <button type="submit" name={lookupIntent.name} value={lookupIntent.value} formNoValidate className="btn-secondary">
            住所を検索
          </button>
        )}
      </div>
      <p id={hintId} className="m-0 text-xs text-gray-600">
        半角数字7桁（例: 1000001）。入力すると住所が自動で入力されます。
        <a href={JAPAN_POST_SEARCH_URL} target="_blank" rel="noopener noreferrer" className="ml-1">
          郵便番号がわからない方（日本郵便のサイト・新しいタブで開きます）
        </a>
      </p>
      {/* Always rendered, so screen readers announce each new lookup result. */}
      <p id={statusId} role="status" className={shown ? `m-0 text-sm ${shown.tone === "error" ? "field-error" : "text-gray-700"}` : "sr-only"}>
        {shown?.text}
      </p>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
