/**
 * The product page's reviews and related products as markup, made on the server by the page's loader:
 * they change nothing in the browser, so the page's script carries none of their code (ServerMarkup shows
 * the markup and handles its taps). A `.server` module of the component layer: routes call it, the browser
 * bundle never holds it, and the web layer stays free of components.
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { ProductPageData, ProductView } from "~/web/types/product";
import { RelatedProducts } from "./RelatedProducts";
import { ReviewList } from "./ReviewList";

export function withProductMarkup({ reviews, related, reviewPage, reviewPages, ...view }: ProductPageData): ProductView {
  return {
    ...view,
    reviewsHtml: renderToStaticMarkup(
      <ReviewList reviews={reviews} average={view.product.reviewAvg} count={view.product.reviewCount} page={reviewPage} pages={reviewPages} path={view.path} />,
    ),
    relatedHtml: renderToStaticMarkup(<RelatedProducts products={related} />),
  };
}
