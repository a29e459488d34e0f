/**
 * The checkout's order review column (OrderReview) kept off the page's first-load JS, without changing
 * what the server sends: the route's loader loads the module first (loadOrderReview), so the server
 * renders it in place as any component; the browser fetches its code after the first load and React
 * hydrates that part when it arrives, showing the server's HTML (links and forms working as plain HTML)
 * meanwhile. The boundary is memoised so the page's own re-renders (hydration, typing) leave it waiting
 * instead of replacing it with the empty fallback.
 */
import { lazy, memo, Suspense, type ComponentProps } from "react";
import type * as OrderReviewExports from "./OrderReview";

type OrderReviewModule = typeof OrderReviewExports;
let loaded: OrderReviewModule | null = null;

/** Loads the module (the server's loader awaits it before rendering). */
export function loadOrderReview(): Promise<OrderReviewModule> {
  return import("./OrderReview").then((module) => (loaded = module));
}

// A module already loaded resolves at once (React's lazy reads a synchronous `then` without suspending).
const OrderReview = lazy(
  () =>
    (loaded
      ? { then: (resolve: (value: { default: OrderReviewModule["OrderReview"] }) => void) => resolve({ default: loaded!.OrderReview }) }
      : loadOrderReview().then((module) => ({ default: module.OrderReview }))) as Promise<{ default: OrderReviewModule["OrderReview"] }>,
);

export const LazyOrderReview = memo(function LazyOrderReview(props: ComponentProps<OrderReviewModule["OrderReview"]>) {
  return (
    <Suspense fallback={null}>
      <OrderReview {...props} />
    </Suspense>
  );
});
