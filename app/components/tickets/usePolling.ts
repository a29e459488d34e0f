import { useEffect, useRef } from "react";

/**
 * Calls `poll` every `intervalMs` while the tab is visible (spec §9: 5 s for threads and badges). A hidden
 * tab stops polling; coming back polls at once and restarts the clock. One poll at a time; an unmount
 * aborts the one in flight.
 */
export function usePolling(poll: (signal: AbortSignal) => Promise<void>, { intervalMs, enabled = true }: { intervalMs: number; enabled?: boolean }) {
  const pollRef = useRef(poll);
  pollRef.current = poll;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setInterval> | undefined;
    let running = false;
    const tick = async () => {
      if (document.hidden || running) return;
      running = true;
      try {
        await pollRef.current(controller.signal);
      } catch {
        // A failed poll (offline, aborted) is retried on the next tick.
      } finally {
        running = false;
      }
    };
    const start = () => {
      clearInterval(timer);
      timer = setInterval(() => void tick(), intervalMs);
    };
    const onVisibility = () => {
      if (document.hidden) {
        clearInterval(timer);
        timer = undefined;
      } else {
        void tick();
        start();
      }
    };
    if (!document.hidden) start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      controller.abort();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [enabled, intervalMs]);
}
