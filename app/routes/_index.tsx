import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductCard } from "~/components/ProductCard";
import { SHOP_TAGLINE } from "~/core/site/site";
import { loadHomeCatalogue, type ProductSummary } from "~/services/catalogue/catalogue.server";
import { shopNameOf } from "~/components/layout/page-title";
import { useShopName } from "~/components/layout/useSiteFacts";

export const meta: MetaFunction = ({ matches }) => [
  { title: `${shopNameOf(matches)} | 全国のこだわり食品・暮らしの道具の通販` },
  { name: "description", content: SHOP_TAGLINE },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return loadHomeCatalogue(context.db);
}

function ProductSection({ title, products, eager }: { title: string; products: ProductSummary[]; eager?: boolean }) {
  return (
    <section aria-labelledby={`section-${title}`} className="mt-8">
      <h2 id={`section-${title}`} className="text-lg">
        {title}
      </h2>
      <ul className="m-0 grid grid-cols-2 gap-3 p-0 sm:grid-cols-4" data-testid="product-list">
        {products.map((product, index) => (
          <ProductCard key={product.sku} product={product} position={eager ? index : undefined} />
        ))}
      </ul>
    </section>
  );
}

export default function Home() {
  const { categories, newArrivals, popular } = useLoaderData<typeof loader>();
  const shopName = useShopName();
  return (
    <>
      <section className="mt-4 rounded-lg bg-brand-light px-4 py-6">
        <h1 className="m-0 text-xl text-brand">{shopName}</h1>
        <p className="m-0 mt-1 text-sm">{SHOP_TAGLINE}</p>
      </section>
      <section aria-labelledby="category-heading" className="mt-6">
        <h2 id="category-heading" className="text-lg">
          カテゴリから探す
        </h2>
        <ul className="m-0 grid grid-cols-4 gap-2 p-0">
          {categories.map((category) => (
            <li key={category.slug} className="list-none">
              <Link
                to={`/category/${category.slug}`}
                className="card flex h-full flex-col items-center gap-1 p-2 text-center text-xs text-gray-900 no-underline"
              >
                <span aria-hidden="true" className="text-2xl">
                  {category.icon}
                </span>
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <ProductSection title="新着商品" products={newArrivals} eager />
      <ProductSection title="人気の商品" products={popular} />
    </>
  );
}
