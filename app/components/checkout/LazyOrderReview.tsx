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
import { ORDER_REVIEW_MARK } from "./order-review-mark";

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

/**
 * Before hydration (entry.client): when the page holds the review's server HTML, fetch its code first. A
 * boundary still waiting for its code when the shopper acts (an address chosen, a field typed) is thrown
 * away by React and drawn again empty, so the review would flash out; fetching it first costs one small
 * request in parallel with the page's own scripts.
 */
export function loadRenderedOrderReview(root: ParentNode): Promise<unknown> {
  return root.querySelector(`[${ORDER_REVIEW_MARK}]`) ? loadOrderReview().catch(() => undefined) : Promise.resolve();
}
