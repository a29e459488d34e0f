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
 * re-rendering the form with the looked-up values (lookUpPostalForm in app/services/postal.server.ts).
 * A link to Japan Post's postal-code search opens in a new tab for shoppers who do not know their code.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState, type ChangeEvent, type CompositionEvent } from "react";
import { EMPTY_POSTAL_RESULT, normalizePostalInput, POSTAL_INPUT_MAX_LENGTH, POSTAL_LOOKUP_MIN_LENGTH, postalCodeToLookUp, SHIPPING_RECHECK_DELAY_MS, type PostalLookupResult } from "~/core/postal";
import { FieldErrors, RequiredMark } from "~/components/forms/TextField";
import { useHydrated } from "~/components/forms/useHydrated";
import type { ShippingRecheck } from "./address-client";

const addressClient = () => import("./address-client");

export const JAPAN_POST_SEARCH_URL = "https://www.post.japanpost.jp/zipcode/";

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
  const inputRef = useRef<HTMLInputElement>(null);
  const lastLookup = useRef<string | null>(null);
  const pendingLookup = useRef<Promise<unknown>>(Promise.resolve());
  const recheckTimer = useRef<ReturnType<typeof setTimeout>>();
  const recheckAbort = useRef<AbortController>();
  const [status, setStatus] = useState<{ tone: "info" | "error"; text: string } | null>(null);
  const shown = status ?? lookupMessage ?? null;
  // The latest callbacks, so a pending timer never calls a stale one.
  const callbacks = useRef({ onLookup, onShippingChange, currentPrefecture });
  callbacks.current = { onLookup, onShippingChange, currentPrefecture };

  useEffect(
    () => () => {
      clearTimeout(recheckTimer.current);
      recheckAbort.current?.abort();
    },
    [],
  );

  function lookUp(value: string, force = false) {
    if (value.length < POSTAL_LOOKUP_MIN_LENGTH) return;
    if (!force && value === lastLookup.current) return;
    lastLookup.current = value;
    const code = postalCodeToLookUp(value);
    if (!code) {
      callbacks.current.onLookup(EMPTY_POSTAL_RESULT);
      setStatus({ tone: "error", text: "郵便番号は半角数字7桁で入力してください。" });
      return;
    }
    setStatus({ tone: "info", text: "住所を検索しています…" });
    pendingLookup.current = addressClient()
      .then((client) => client.lookUpPostalInput(value))
      .then(
        (result) => {
          if (lastLookup.current !== value) return;
          callbacks.current.onLookup(result);
          setStatus(
            result.region_id == null
              ? { tone: "error", text: "この郵便番号の住所が見つかりませんでした。郵便番号をご確認ください。" }
              : { tone: "info", text: `${result.region}${result.locality}${result.street} を入力しました。` },
          );
        },
        () => setStatus({ tone: "error", text: "住所を検索できませんでした。住所を直接入力してください。" }),
      );
  }

  function scheduleRecheck() {
    if (!callbacks.current.onShippingChange) return;
    clearTimeout(recheckTimer.current);
    recheckTimer.current = setTimeout(() => void recheckShippingNow(), SHIPPING_RECHECK_DELAY_MS);
  }

  /** Reports the shipping for the code typed now, once the lookup in flight (if any) has filled the address. */
  async function recheckShippingNow() {
    await pendingLookup.current.catch(() => undefined);
    const { onShippingChange: report, currentPrefecture: prefecture } = callbacks.current;
    const postalCode = postalCodeToLookUp(inputRef.current?.value ?? "");
    if (!report) return;
    if (!postalCode) {
      report({ ok: false, error: "郵便番号は半角数字7桁で入力してください。" });
      return;
    }
    recheckAbort.current?.abort();
    const abort = new AbortController();
    recheckAbort.current = abort;
    try {
      const { recheckShipping } = await addressClient();
      report(await recheckShipping({ postal_code: postalCode, prefecture: prefecture?.() ?? "" }, abort.signal));
    } catch {
      // superseded by a newer change
    }
  }

  function handleValue(element: HTMLInputElement) {
    const normalized = normalizePostalInput(element.value);
    if (normalized !== element.value) element.value = normalized;
    if (normalized.length < POSTAL_LOOKUP_MIN_LENGTH) {
      lastLookup.current = null;
      setStatus(null);
    }
    lookUp(normalized);
    scheduleRecheck();
  }

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
