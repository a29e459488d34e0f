import type { ProductSummary } from "~/web/types/product";
import { ProductCard } from "../ProductCard";

/** 「この商品を見た方におすすめ」: rendered on the server only (ServerMarkup), so its cards use plain links. */
export function RelatedProducts({ products }: { products: ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-10">
      <h2 id="related-heading" className="text-lg">
        この商品を見た方におすすめ
      </h2>
      <ul className="m-0 grid grid-cols-2 gap-3 p-0 sm:grid-cols-3" data-testid="related-products">
        {products.map((product) => (
          <ProductCard key={product.sku} product={product} plainLink />
        ))}
      </ul>
    </section>
  );
}
