import { useEffect, useRef, useState, type MutableRefObject } from "react";
import {
  EMPTY_POSTAL_RESULT,
  normalizePostalInput,
  POSTAL_LOOKUP_MIN_LENGTH,
  postalCodeToLookUp,
  SHIPPING_RECHECK_DELAY_MS,
  type PostalLookupResult,
} from "~/core/address/postal";
import type { ShippingRecheck } from "./address-client";

const addressClient = () => import("./address-client");

interface PostalCallbacks {
  onLookup: (result: PostalLookupResult) => void;
  onShippingChange?: (result: ShippingRecheck) => void;
  currentPrefecture?: () => string;
}

/**
 * The shipping recheck 500 ms after the postal code last changed (after the lookup under way, so the
 * prefecture it fills is sent); a newer change cancels the older request. Stops when the field goes away.
 */
function useShippingRecheck(
  callbacks: MutableRefObject<PostalCallbacks>,
  inputRef: MutableRefObject<HTMLInputElement | null>,
  pendingLookup: MutableRefObject<Promise<unknown>>,
) {
  const recheckTimer = useRef<ReturnType<typeof setTimeout>>();
  const recheckAbort = useRef<AbortController>();

  useEffect(
    () => () => {
      clearTimeout(recheckTimer.current);
      recheckAbort.current?.abort();
    },
    [],
  );

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

  return scheduleRecheck;
}

/**
 * With JS: normalises what is typed, looks the code up at 7 or more characters (and on 住所を検索), reports
 * the address through `onLookup` and the shipping recheck through `onShippingChange`, and says what it did.
 */
export function usePostalLookup({ onLookup, onShippingChange, currentPrefecture }: PostalCallbacks) {
  const inputRef = useRef<HTMLInputElement>(null);
  const lastLookup = useRef<string | null>(null);
  const pendingLookup = useRef<Promise<unknown>>(Promise.resolve());
  const [status, setStatus] = useState<{ tone: "info" | "error"; text: string } | null>(null);
  // The latest callbacks, so a pending timer never calls a stale one.
  const callbacks = useRef({ onLookup, onShippingChange, currentPrefecture });
  callbacks.current = { onLookup, onShippingChange, currentPrefecture };
  const scheduleRecheck = useShippingRecheck(callbacks, inputRef, pendingLookup);

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

  return { inputRef, status, lookUp, handleValue };
}
