/**
 * Loads of the page's own data that failed and are being tried again (connection-handling.ts): the banner
 * (ConnectionBanner) shows while there are any, and its 「もう一度試す」 tries them at once.
 */
import { reloadRetryDelayMs } from "~/core/site/connection-texts";

type Listener = (failing: boolean) => void;

/** The loads that failed and have not succeeded or been given up since. */
const failing = new Set<object>();
/** Each load waiting for its next attempt: its "try now". */
const waiting = new Set<() => void>();
const listeners = new Set<Listener>();

function announce() {
  for (const listener of listeners) listener(failing.size > 0);
}

export function isReloadFailing(): boolean {
  return failing.size > 0;
}

/** Calls `listener` whenever loads start or stop failing; returns the unsubscribe. */
export function onReloadFailing(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** `load` failed: the banner shows until it settles. */
export function reloadFailed(load: object): void {
  failing.add(load);
  announce();
}

/** `load` succeeded or was given up. */
export function reloadSettled(load: object): void {
  if (failing.delete(load)) announce();
}

/**
 * Resolves when a load that failed `failures` times in a row should be tried again: when the browser is back
 * online, when the shopper asks (retryReloads), or after a growing wait. Rejects when the load is given up
 * (`signal`: a newer navigation or reload took its place).
 */
export function waitToReload(failures: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      window.removeEventListener("online", tryNow);
      signal.removeEventListener("abort", giveUp);
      waiting.delete(tryNow);
    };
    const tryNow = () => {
      stop();
      resolve();
    };
    const giveUp = () => {
      stop();
      reject(signal.reason);
    };
    const timer = setTimeout(tryNow, reloadRetryDelayMs(failures));
    window.addEventListener("online", tryNow);
    signal.addEventListener("abort", giveUp);
    waiting.add(tryNow);
  });
}

/** The shopper's 「もう一度試す」: every waiting load is tried now. */
export function retryReloads(): void {
  for (const tryNow of [...waiting]) tryNow();
}
