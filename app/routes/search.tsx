import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProductSearch } from "~/components/search/ProductSearch";
import { listingCursor, parseSearchFilter } from "~/core/search/search-filter";
import { loadSearchPage } from "~/services/search/search.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const heading = data ? searchHeading(data.filter.q, data.category?.name ?? null) : "商品を探す";
  return [
    { title: `${heading} | ${shopNameOf(matches)}` },
    { name: "description", content: "カテゴリ、こだわり条件、価格帯、お悩み、シーンから商品を探せます。" },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { searchParams } = new URL(request.url);
  const filter = parseSearchFilter(searchParams);
  return { filter, ...(await loadSearchPage(context.db, filter, listingCursor(searchParams))) };
}

function searchHeading(q: string, categoryName: string | null): string {
  if (q) return `「${q}」の検索結果`;
  if (categoryName) return `${categoryName}の商品`;
  return "商品を探す";
}

export default function Search() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="mb-0 mt-4 break-all text-xl">{searchHeading(data.filter.q, data.category?.name ?? null)}</h1>
      <ProductSearch data={data} basePath="/search" fixedCategory={false} />
    </>
  );
}
