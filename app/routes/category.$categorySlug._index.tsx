import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductSearch } from "~/components/search/ProductSearch";
import { isSlug, listingCursor, parseSearchFilter } from "~/core/search/search-filter";
import { loadSearchPage } from "~/services/search/search.server";
import { invariantResponse } from "~/web/http.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  // A category that is not there is root's error page, titled by root's meta.
  if (!data) return [];
  return [{ title: `${data.category.name}の通販 | ${shopNameOf(matches)}` }, { name: "description", content: data.category.description }];
};

const CATEGORY_NOT_FOUND_MESSAGE = "お探しのカテゴリは見つかりませんでした。";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = isSlug(params.categorySlug) ? params.categorySlug : null;
  invariantResponse(slug, CATEGORY_NOT_FOUND_MESSAGE, { status: 404 });
  const { searchParams } = new URL(request.url);
  const filter = { ...parseSearchFilter(searchParams), category: slug };
  const page = await loadSearchPage(context.db, filter, listingCursor(searchParams));
  invariantResponse(page.category, CATEGORY_NOT_FOUND_MESSAGE, { status: 404 });
  return { ...page, filter, category: page.category };
}

export default function CategoryListing() {
  const data = useLoaderData<typeof loader>();
  const { category } = data;
  return (
    <>
      <nav aria-label="パンくずリスト" className="mt-3 text-xs">
        <ol className="m-0 flex flex-wrap items-center gap-1 p-0">
          <li className="list-none">
            <Link to="/">トップ</Link>
          </li>
          {category.parent ? (
            <li className="list-none">
              <span aria-hidden="true" className="mr-1 text-gray-500">
                ›
              </span>
              <Link to={`/category/${category.parent.slug}`}>{category.parent.name}</Link>
            </li>
          ) : null}
          <li className="list-none">
            <span aria-hidden="true" className="mr-1 text-gray-500">
              ›
            </span>
            <span aria-current="page">{category.name}</span>
          </li>
        </ol>
      </nav>
      <h1 className="mb-0 mt-2 text-xl">{category.name}</h1>
      {category.description ? <p className="m-0 mt-1 text-sm text-gray-700">{category.description}</p> : null}
      {category.children.length ? (
        <ul aria-label={`${category.name}のサブカテゴリ`} className="m-0 mt-3 flex flex-wrap gap-2 p-0">
          {category.children.map((child) => (
            <li key={child.slug} className="list-none">
              <Link
                to={`/category/${child.slug}`}
                className="inline-block rounded-full border border-solid border-gray-300 px-3 py-1 text-sm text-gray-800 no-underline"
              >
                {child.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <ProductSearch data={data} basePath={`/category/${category.slug}`} fixedCategory />
    </>
  );
}
