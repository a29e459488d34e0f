import { createContext, startTransition, useContext, useEffect, useState } from "react";

/** Set once the first page has hydrated: components mounted later (client navigations) start hydrated. */
let pageHydrated = false;

/**
 * Whether a part of the page is hydrating the server's HTML after the page did: an island's part
 * (components/island) hydrates when its code arrives, and must first draw what the server drew.
 */
export const LateHydration = createContext<{ fromServer: boolean }>({ fromServer: false });

/** Whether the component calling it is first drawn over the server's HTML (during the page's or an island's hydration). */
export function useDrawnOverServerHtml(): boolean {
  const late = useContext(LateHydration);
  return !pageHydrated || late.fromServer;
}

/**
 * True once React runs in the browser: JS-only controls render only then. The switch after hydration is a
 * transition, not an urgent update (as useSyncExternalStore's would be): an urgent update reaching an
 * island still waiting for its code makes React throw the island's server HTML away and draw it empty
 * until the code comes.
 */
export function useHydrated(): boolean {
  const overServerHtml = useDrawnOverServerHtml();
  const [hydrated, setHydrated] = useState(!overServerHtml);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * React 18.3 answers a tap or a key press that lands while the root is still hydrating by hydrating the
 * whole root at once, synchronously; when a part suspends meanwhile (an island's code on its way) it gives
 * up with "Root did not complete" (#345) and the page never hydrates (issue 34: typing on the checkout of
 * a slow phone). Until the root has hydrated, the page is the server's HTML, which works without script:
 * these events are kept from React (stopped at the window, before the document where React listens), so
 * the browser does what it does without JS (types, ticks, follows links, posts forms). What was typed or
 * ticked meanwhile is read back as the parts hydrate (useCheckboxState, changedBeforeHydration).
 */
const HELD_EVENTS =
  "keydown keypress keyup input textInput change compositionstart compositionend paste cut click auxclick dblclick contextmenu mousedown mouseup pointerdown pointerup pointercancel touchstart touchend touchcancel dragstart dragend drop submit reset";
const holdEvent = (event: Event) => event.stopImmediatePropagation();
let eventsHeld = false;

/** Keeps those events from React (entry.client calls it before hydrating). */
export function holdEventsUntilHydrated(): void {
  eventsHeld = true;
  for (const type of HELD_EVENTS.split(" ")) window.addEventListener(type, holdEvent, true);
}

function releaseHeldEvents() {
  if (!eventsHeld) return;
  eventsHeld = false;
  for (const type of HELD_EVENTS.split(" ")) window.removeEventListener(type, holdEvent, true);
}

/** Resolves when the root has hydrated: taps reach the app from then on (the page is usable). */
let markRootHydrated: () => void = () => {};
const rootHydration = new Promise<void>((resolve) => (markRootHydrated = resolve));

/**
 * Waits for the root's hydration, so the code of the page's islands (components/island) is fetched after
 * the page is usable, never in the way of the code it needs first (the first-load budget,
 * docs/architecture.md). Resolved at once after the first page.
 */
export function afterRootHydrated(): Promise<void> {
  return rootHydration;
}

/** The root's first effect: the app handles taps from now on; `shop:usable` is what the bench measures to. */
function rootHasHydrated() {
  releaseHeldEvents();
  performance.mark("shop:usable");
  markRootHydrated();
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
  // The root's first effect: the root has hydrated (its islands may still wait for their code).
  useEffect(rootHasHydrated, []);
  useEffect(() => {
    rootHydrated = hydrated;
    markWhenSettled();
  }, [hydrated]);
}
