import { Link } from "@remix-run/react";
import type { ProductSummary } from "~/web/types/product";
import { productPath } from "~/core/catalogue/products";
import { Price } from "./Price";
import { ReviewStars } from "./ReviewStars";
import { productImageOrPlaceholder } from "~/core/catalogue/product-images";

/**
 * Cards in the first row of the widest product grid (4 columns from `sm`/`lg` up): their pictures load at
 * once, with the document — they are what the first screen shows, the first one usually its largest
 * picture (LCP), fetched at high priority — and every later card's lazily.
 */
const FIRST_ROW_CARDS = 4;

/**
 * A product in a list: picture, title, price, badges and stars, linking to its page. `plainLink` renders a
 * plain <a> for markup made on the server outside the router (the product page's related products).
 * `position` is the card's place in a list at the top of the page (none for lists further down).
 */
export function ProductCard({ product, position, plainLink = false }: { product: ProductSummary; position?: number; plainLink?: boolean }) {
  const firstRow = position !== undefined && position < FIRST_ROW_CARDS;
  const href = productPath(product);
  const linkClass = "block text-gray-900 no-underline";
  const body = (
    <>
      <img
        src={productImageOrPlaceholder(product.image, "s")}
        alt=""
        width={300}
        height={300}
        loading={firstRow ? "eager" : "lazy"}
        // React 18 only passes the lowercase HTML attribute through.
        {...(position === 0 ? { fetchpriority: "high" } : {})}
        decoding="async"
        className="block aspect-square w-full bg-gray-100 object-cover"
      />
      <div className="grid gap-1 p-2">
        <span className="line-clamp-2 text-sm">{product.title}</span>
        <Price price={product.price} regularPrice={product.regularPrice} />
        <span className="flex flex-wrap items-center gap-1">
          {product.onSale ? <span className="badge bg-brand text-white">SALE</span> : null}
          {product.soldOut ? <span className="badge bg-gray-700 text-white">SOLD OUT</span> : null}
          {product.reviewCount > 0 ? <ReviewStars average={product.reviewAvg} count={product.reviewCount} /> : null}
        </span>
      </div>
    </>
  );
  return (
    <li className="card list-none overflow-hidden">
      {plainLink ? (
        <a href={href} className={linkClass}>
          {body}
        </a>
      ) : (
        <Link to={href} className={linkClass}>
          {body}
        </Link>
      )}
    </li>
  );
}
