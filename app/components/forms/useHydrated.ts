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

/**
 * Sets `<html data-hydrated>` once the page has hydrated and every JS-only control is in place: the moment a
 * tap is handled by the app instead of the browser's plain form post (browser tests wait for it).
 */
export function useHydrationMark(): void {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "";
  }, [hydrated]);
}
