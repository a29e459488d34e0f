/** Marks the order review's server HTML, so the browser knows to fetch its code before hydrating (LazyOrderReview). */
export const ORDER_REVIEW_MARK = "data-order-review";
