import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { Paginator } from "~/components/Paginator";
import { Price } from "~/components/Price";
import { MemberHeading } from "~/components/member/MemberHeading";
import { FavoriteButton } from "~/components/product/FavoriteButton";
import { paginatorPages } from "~/core/paginator";
import { SAVED_ITEM_BADGES } from "~/core/member/saved-items";
import { PageQuerySchema } from "~/core/validation";
import { parseQuery } from "~/web/input.server";
import { listFavorites } from "~/services/member/member-lists.server";
import { productImageOrPlaceholder } from "~/core/catalogue/product-images";
import { shopNameOf } from "~/components/layout/page-title";

const PATH = "/user/favorites";

export const meta: MetaFunction = ({ matches }) => [{ title: `お気に入り | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { page } = parseQuery(request, PageQuerySchema);
  return data(await listFavorites(context.db, user.id, page), { headers: { "Cache-Control": "private, no-store" } });
}

const hrefFor = (page: number) => (page > 0 ? `${PATH}?page=${page}` : PATH);

export { clientLoader, shouldRevalidate } from "~/components/connection/route-handlers";

export default function Favorites() {
  const { items, total, pages, page } = useLoaderData<typeof loader>();
  return (
    <>
      <MemberHeading title="お気に入り" />
      <p className="m-0 mt-2 text-sm font-bold" role="status">
        {total.toLocaleString("ja-JP")}件
      </p>
      {items.length === 0 ? (
        <div className="card mt-4 grid justify-items-center gap-2 p-6 text-center">
          <p className="m-0" data-testid="favorites-empty">
            お気に入りの商品はまだありません。
          </p>
          <p className="m-0 text-sm">商品ページの「♡ お気に入り」から登録できます。</p>
          <Link to="/search">商品を探す</Link>
        </div>
      ) : (
        <ul className="m-0 mt-3 grid grid-cols-2 gap-3 p-0 md:grid-cols-4">
          {items.map((item) => (
            <li key={item.productId} className="card relative grid list-none content-start overflow-hidden" data-testid="favorite-item" data-sku={item.sku}>
              <Link to={item.url} className="block text-gray-900 no-underline">
                <img
                  src={productImageOrPlaceholder(item.image, "s")}
                  alt=""
                  width={300}
                  height={300}
                  loading="lazy"
                  decoding="async"
                  className="block aspect-square w-full bg-gray-100 object-cover"
                />
                <span className="line-clamp-2 px-2 pt-2 text-sm">{item.title}</span>
              </Link>
              <div className="flex items-center justify-between gap-1 px-2 pb-2">
                <span className="grid gap-1">
                  <Price price={item.price} regularPrice={item.regularPrice} />
                  {item.unavailable ? (
                    <span className="badge w-fit bg-gray-600 text-white" data-testid="saved-item-unavailable">
                      {SAVED_ITEM_BADGES[item.unavailable]}
                    </span>
                  ) : item.soldOut ? (
                    <span className="badge w-fit bg-gray-700 text-white">SOLD OUT</span>
                  ) : null}
                </span>
                <FavoriteButton productId={item.productId} isFavorite returnTo={hrefFor(page)} variant="inline" />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Paginator pages={paginatorPages(page, pages)} current={page} hrefFor={hrefFor} />
    </>
  );
}
