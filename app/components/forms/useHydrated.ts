import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** True once React runs in the browser: JS-only controls render only then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
