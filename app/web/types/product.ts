/** What the product page's routes answer and the product components read (types only: the browser bundle imports it). */
import type { ProductViewData } from "~/services/product-page.server";

export type { ProductSummary } from "~/services/catalogue.server";
export type { ProductReview } from "~/services/reviews.server";

/** The product page's loader data: the product for this viewer, its reviews and related products as markup. */
export type ProductView = Omit<ProductViewData, "reviews" | "related"> & { reviewsHtml: string; relatedHtml: string; path: string };
