/**
 * A part of a page whose code stays off the page's first-load JS without changing what the server sends
 * (decision 0024): the server renders it in place like any component (entry.server awaits `loadIslands()`
 * first, so its module is there and React's lazy resolves without suspending); the browser starts fetching
 * its code once the root has hydrated (the page is usable: the code it loads first stays within the budget,
 * docs/architecture.md), keeps the server's HTML meanwhile (links and forms work as plain
 * HTML, as without JS) and hydrates that part when the code arrives. Use it for what matters only once the
 * shopper acts (a purchase form's steppers, a filter panel, coupon entry), never for the page's largest
 * picture or heading: those need no code to show.
 *
 * A boundary that receives new props, or an urgent context change, before its code arrived is thrown away
 * by React and drawn again empty until the code comes. Context changes from above are transitions (the
 * router's own, RemixBrowser's as patched, useHydrated's; decision 0025). So the island re-renders only when a data prop changes identity
 * (`Object.is`, each prop); a function prop is passed as a stable stand-in calling the latest function,
 * so the page's callbacks (inline arrows) never count as a change. Pass data props that keep their
 * identity across the page's own re-renders (loader data, `useMemo`).
 */
import { lazy, memo, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { afterRootHydrated, islandHydrated, islandWaiting, LateHydration, useDrawnOverServerHtml } from "./forms/useHydrated";

type AnyProps = Record<string, unknown>;

/**
 * Whether an island's part has hydrated, whether the island is holding the page's hydration mark back, and
 * whether its part is (still) to hydrate the server's HTML (read by useHydrated as the part first renders).
 */
type HydrationState = { hydrated: boolean; waiting: boolean; late: { fromServer: boolean } };

/** Every island's module loader, for the server to load them all before its first render. */
const islandLoaders: (() => Promise<unknown>)[] = [];
let allLoaded: Promise<unknown> | null = null;

/**
 * Loads every island's module (once); the server awaits it before rendering a page. An island's module may
 * declare islands of its own (the header's support badge): it loads until no new one appears.
 */
export function loadIslands(): Promise<unknown> {
  const loadFrom = async (first: number): Promise<void> => {
    const count = islandLoaders.length;
    await Promise.all(islandLoaders.slice(first, count).map((load) => load()));
    if (islandLoaders.length > count) await loadFrom(count);
  };
  allLoaded ??= loadFrom(0);
  return allLoaded;
}

function sameData(before: AnyProps, after: AnyProps): boolean {
  const keys = Object.keys(after);
  if (keys.length !== Object.keys(before).length) return false;
  return keys.every((key) => typeof after[key] === "function" || Object.is(before[key], after[key]));
}

/** A thenable that resolves at once: React's lazy reads it without suspending. */
function settled<T>(value: T): PromiseLike<T> {
  return { then: (resolve) => settled(resolve ? resolve(value) : value) } as PromiseLike<T>;
}

/** `island(() => import("./Part").then((m) => m.Part))`: the component `Part`, loaded as described above. */
export function island<Props extends object>(load: () => Promise<ComponentType<Props>>): (props: Props) => ReactNode {
  let loaded: ComponentType<AnyProps> | null = null;
  const loadOnce = () => load().then((component) => (loaded = component as ComponentType<AnyProps>));
  islandLoaders.push(loadOnce);
  // The part, telling its island when it has hydrated (the page's hydration mark waits for every island).
  const withMark = (component: ComponentType<AnyProps>) =>
    function HydratedPart({ hydration, ...props }: AnyProps & { hydration: HydrationState }) {
      useEffect(() => {
        hydration.hydrated = true;
        hydration.late.fromServer = false;
        if (hydration.waiting) {
          hydration.waiting = false;
          islandHydrated();
        }
      }, [hydration]);
      const Part = component;
      return (
        <LateHydration.Provider value={hydration.late}>
          <Part {...props} />
        </LateHydration.Provider>
      );
    };
  const Lazy = lazy(
    () =>
      (loaded
        ? settled({ default: withMark(loaded) })
        : // In the browser the code is fetched once the root has hydrated; the server (which loads every
          // island before rendering, loadIslands) never waits for a hydration.
          (typeof document === "undefined" ? loadOnce() : afterRootHydrated().then(loadOnce)).then((component) => ({
            default: withMark(component),
          }))) as Promise<{
        default: ComponentType<AnyProps>;
      }>,
  );
  const Boundary = memo(function IslandBoundary(props: AnyProps) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }, sameData);

  return function Island(props: Props) {
    const latest = useRef(props as AnyProps);
    latest.current = props as AnyProps;
    const standIns = useRef(new Map<string, (...args: unknown[]) => unknown>());
    const passed: AnyProps = {};
    for (const [key, value] of Object.entries(props)) {
      if (typeof value !== "function") {
        passed[key] = value;
        continue;
      }
      let standIn = standIns.current.get(key);
      if (!standIn) {
        standIn = (...args) => (latest.current[key] as (...args: unknown[]) => unknown)(...args);
        standIns.current.set(key, standIn);
      }
      passed[key] = standIn;
    }
    // Until its part has hydrated, the island holds the page's hydration mark back (browser tests wait for it).
    const overServerHtml = useDrawnOverServerHtml();
    const [hydration] = useState<HydrationState>(() => ({ hydrated: false, waiting: false, late: { fromServer: overServerHtml } }));
    useEffect(() => {
      if (hydration.hydrated) return;
      hydration.waiting = true;
      islandWaiting();
      return () => {
        if (!hydration.waiting) return;
        hydration.waiting = false;
        islandHydrated();
      };
    }, [hydration]);
    return <Boundary {...passed} hydration={hydration} />;
  };
}
