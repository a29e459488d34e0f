import { Link } from "@remix-run/react";
import { useState } from "react";
import { BUY_LATER_LIST_PATH } from "~/core/buy-later";
import type { ProductView } from "~/services/product-page.server";
import { BuyLaterButton, BuyLaterNotice } from "../buy-later/BuyLater";
import { ProductCard } from "../ProductCard";
import { ReviewStars } from "../ReviewStars";
import { FavoriteButton } from "./FavoriteButton";
import { ProductGallery } from "./ProductGallery";
import { ProductNotices } from "./ProductNotices";
import { PurchaseForm } from "./PurchaseForm";
import { ReviewList } from "./ReviewList";

const DELIVERY_ICON_GLYPHS: Record<string, string> = { express: "🚚", truck: "📦", download: "⬇", calendar: "📅" };

/** Spec screen 7: everything about one product, title and buy form first (they fit the first round trip). */
export function ProductPage({ view }: { view: ProductView }) {
  const { product } = view;
  const reviewPages = Math.ceil(product.reviewCount / 5);
  // The picture follows the variation picked in the purchase form.
  const [variationId, setVariationId] = useState(view.selection.variationId);
  return (
    <article className="py-4">
      <nav aria-label="パンくずリスト" className="text-xs">
        <Link to="/">トップ</Link> › <Link to={`/category/${product.categorySlug}`}>{product.categoryName}</Link> ›{" "}
        <span aria-current="page">{product.title}</span>
      </nav>
      <BuyLaterNotice />
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
            overlay={
              <FavoriteButton productId={product.id} isFavorite={view.isFavorite} returnTo={view.path} variant="icon" />
            }
          />
        </div>
        <div className="grid content-start gap-4 sm:col-start-2">
          <PurchaseForm view={view} onVariationChange={setVariationId} />
          <div className="flex flex-wrap gap-2">
            <FavoriteButton productId={product.id} isFavorite={view.isFavorite} returnTo={view.path} variant="button" />
            {view.inBuyLater ? (
              <Link to={BUY_LATER_LIST_PATH} className="btn-secondary text-sm no-underline">
                「あとで買う」に保存済み
              </Link>
            ) : view.price.state !== "unavailable" ? (
              <BuyLaterButton productId={product.id} returnTo={view.path} className="btn-secondary text-sm" />
            ) : null}
          </div>
          <ProductNotices product={product} delivery={view.delivery} />
        </div>
      </div>
      <section aria-labelledby="description-heading" className="mt-8">
        <h2 id="description-heading" className="text-lg">
          商品説明
        </h2>
        <div className="text-sm leading-7" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
        <p className="text-xs text-gray-500">商品番号：{product.sku}</p>
      </section>
      <ReviewList
        reviews={view.reviews}
        average={product.reviewAvg}
        count={product.reviewCount}
        page={view.reviewPage}
        pages={reviewPages}
        pageHref={(page) => `${view.path}?rpage=${page}#reviews`}
      />
      {view.related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-10">
          <h2 id="related-heading" className="text-lg">
            この商品を見た方におすすめ
          </h2>
          <ul className="m-0 grid grid-cols-2 gap-3 p-0 sm:grid-cols-3" data-testid="related-products">
            {view.related.map((related) => (
              <ProductCard key={related.sku} product={related} />
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

function ProductHeading({ view }: { view: ProductView }) {
  const { product, price } = view;
  const icon = view.delivery.icon;
  return (
    <>
      <div className="flex flex-wrap gap-1">
        {icon ? (
          <span className="badge bg-sky-100 text-sky-900" data-testid="delivery-icon">
            <span aria-hidden="true">{DELIVERY_ICON_GLYPHS[icon.icon] ?? ""} </span>
            {icon.icon_type === "new" ? "NEW " : ""}
            {icon.show_text}
          </span>
        ) : null}
        {price.state === "sold_out" || price.state === "requested" ? <span className="badge bg-gray-800 text-white">SOLD OUT</span> : null}
        {price.state === "unavailable" ? <span className="badge bg-gray-600 text-white">利用できません</span> : null}
        {price.state === "preorder" || price.state === "preorder_shipdays" ? <span className="badge bg-amber-500 text-white">予約商品</span> : null}
        {price.low_stock ? <span className="badge bg-brand text-white">残り{price.inventory}点</span> : null}
        {product.subscribe ? <span className="badge bg-emerald-600 text-white">定期便</span> : null}
        {product.couponDisabled ? <span className="badge bg-gray-200 text-gray-800">クーポンを使用できません</span> : null}
        {product.isPrivate ? <span className="badge bg-purple-700 text-white">限定公開</span> : null}
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
