import { Link } from "@remix-run/react";
import { useState } from "react";
import type { BadgeTone } from "~/core/catalogue/product-notes";
import type { ProductView } from "~/web/types/product";
import { ReviewStars } from "../ReviewStars";
import { ProductGallery } from "./ProductGallery";
import { ProductNotices } from "./ProductNotices";
import { ServerMarkup } from "./ServerMarkup";
import { island } from "../island";

// The purchase form (pickers, steppers, live price, subscription) and the favourite buttons matter once
// the shopper acts, the seller's disclosure (and its prefecture table) never changes: their code loads
// after the first load, the server's HTML standing in meanwhile (see island).
const PurchaseForm = island(() => import("./PurchaseForm").then((module) => module.PurchaseForm));
const FavoriteButton = island(() => import("./FavoriteButton").then((module) => module.FavoriteButton));
const MerchantDisclosure = island(() => import("./MerchantDisclosure").then((module) => module.MerchantDisclosure));

const BADGE_COLOURS: Record<BadgeTone, string> = {
  delivery: "bg-sky-100 text-sky-900",
  soldOut: "bg-gray-800 text-white",
  unavailable: "bg-gray-600 text-white",
  preorder: "bg-amber-500 text-white",
  lowStock: "bg-brand text-white",
  subscription: "bg-emerald-600 text-white",
  noCoupon: "bg-gray-200 text-gray-800",
  private: "bg-purple-700 text-white",
};

/** Spec screen 7: everything about one product, title and buy form first (they fit the first round trip). */
export function ProductPage({ view }: { view: ProductView }) {
  const { product } = view;
  // The picture follows the variation picked in the purchase form.
  const [variationId, setVariationId] = useState(view.selection.variationId);
  return (
    <article className="py-4">
      <nav aria-label="パンくずリスト" className="text-xs">
        <Link to="/">トップ</Link> › <Link to={`/category/${product.categorySlug}`}>{product.categoryName}</Link> ›{" "}
        <span aria-current="page">{product.title}</span>
      </nav>
      {/* One heading in the DOM: above the picture on phones, beside it on wider screens. */}
      <div className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <header className="grid content-start gap-1 sm:col-start-2 sm:row-start-1">
          <ProductHeading view={view} />
        </header>
        <div className="sm:col-start-1 sm:row-span-2 sm:row-start-1">
          <ProductGallery
            media={view.media}
            variationId={variationId}
            title={product.title}
            overlay={<FavoriteButton productId={product.id} isFavorite={view.isFavorite} returnTo={view.path} variant="icon" />}
          />
        </div>
        <div className="grid content-start gap-4 sm:col-start-2">
          <PurchaseForm view={view} onVariationChange={setVariationId} />
          <FavoriteButton productId={product.id} isFavorite={view.isFavorite} returnTo={view.path} variant="button" />
          <ProductNotices notes={view.notes} />
          {view.merchant && product.shippingFrom === "merchant" && !product.isDigital ? <MerchantDisclosure merchant={view.merchant} /> : null}
        </div>
      </div>
      <section aria-labelledby="description-heading" className="mt-8">
        <h2 id="description-heading" className="text-lg">
          商品説明
        </h2>
        <div className="text-sm leading-7" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
        <p className="text-xs text-gray-500">商品番号：{product.sku}</p>
      </section>
      <ServerMarkup html={view.reviewsHtml} />
      <ServerMarkup html={view.relatedHtml} />
    </article>
  );
}

function ProductHeading({ view }: { view: ProductView }) {
  const { product } = view;
  return (
    <>
      <div className="flex flex-wrap gap-1">
        {view.badges.map((badge) => (
          <span key={badge.tone} className={`badge ${BADGE_COLOURS[badge.tone]}`} data-testid={badge.tone === "delivery" ? "delivery-icon" : undefined}>
            {badge.glyph ? <span aria-hidden="true">{badge.glyph} </span> : null}
            {badge.text}
          </span>
        ))}
      </div>
      <h1 className="m-0 text-xl leading-snug">{product.title}</h1>
      {product.catchcopy ? <p className="m-0 text-sm text-gray-700">{product.catchcopy}</p> : null}
      {product.reviewCount > 0 ? (
        <a href="#reviews" className="text-sm no-underline">
          <ReviewStars average={product.reviewAvg} count={product.reviewCount} />
        </a>
      ) : null}
    </>
  );
}
