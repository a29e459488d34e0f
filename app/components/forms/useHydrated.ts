import { useEffect, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** True once React runs in the browser: JS-only controls render only then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** Islands (components/island) of the page whose code has not hydrated them yet. */
let islandsWaiting = 0;
let rootHydrated = false;

function markWhenSettled() {
  if (rootHydrated && islandsWaiting === 0) document.documentElement.dataset.hydrated = "";
}

export function islandWaiting(): void {
  islandsWaiting++;
}

export function islandHydrated(): void {
  islandsWaiting = Math.max(0, islandsWaiting - 1);
  markWhenSettled();
}

/**
 * Sets `<html data-hydrated>` once the page has hydrated — its islands included — and every JS-only control
 * is in place: the moment a tap is handled by the app instead of the browser's plain form post (browser
 * tests wait for it).
 */
export function useHydrationMark(): void {
  const hydrated = useHydrated();
  useEffect(() => {
    rootHydrated = hydrated;
    markWhenSettled();
  }, [hydrated]);
}
