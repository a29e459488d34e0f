/** What the product page's routes answer and the product components read (types only: the browser bundle imports it). */
import type { ProductViewData } from "~/services/catalogue/product-page.server";

export type { ProductSummary } from "~/services/catalogue/catalogue.server";
export type { ProductReview } from "~/services/catalogue/reviews.server";

/** What the web layer loads for the product page: the product for this viewer, the review page shown and its path. */
export type ProductPageData = ProductViewData & { reviewPage: number; reviewPages: number; path: string };

/** The product page's loader data: its reviews and related products as markup (components/product/product-markup.server). */
export type ProductView = Omit<ProductPageData, "reviews" | "related" | "reviewPage" | "reviewPages"> & { reviewsHtml: string; relatedHtml: string };
