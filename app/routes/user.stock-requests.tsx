import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { island } from "~/components/island";
import { MemberHeading } from "~/components/member/MemberHeading";
import { Notice } from "~/components/member/Notice";
import { formatShortDate, isoDateTime } from "~/core/dates";
import { readFormData, redirectWithNotice } from "~/web/http.server";
import { readInput, redirectedNotice } from "~/web/input.server";
import { confirmRemoveId, RemoveRowSchema } from "~/web/search/listing.server";
import { cancelStockRequest, listStockRequests } from "~/services/member/member-lists.server";
import { productImageSrc } from "~/core/catalogue/product-images";
import { shopNameOf } from "~/components/layout/page-title";

// A removal's confirmation shows once the member asks for it: its code loads after the page.
const RemovalConfirm = island(() => import("~/components/listing/RemovalConfirm").then((module) => module.RemovalConfirm));

const PATH = "/user/stock-requests";
const NOTICES = { removed: "再入荷のお知らせ登録を取り消しました。" };

export const meta: MetaFunction = ({ matches }) => [{ title: `再入荷のお知らせ登録 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  return data(
    {
      requests: await listStockRequests(context.db, user.id),
      confirmRemove: confirmRemoveId(url),
      notice: redirectedNotice(url, NOTICES),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export type StockRequestActionData = { ok: false; error: string };

/** intent=remove with the request id: cancels it → 303 back here with a notice (PRG). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = readInput(RemoveRowSchema, await readFormData(request));
  if (!read.ok) return data<StockRequestActionData>({ ok: false, error: read.error }, { status: 400 });
  if (!(await cancelStockRequest(context.db, user.id, read.input.id))) {
    return data<StockRequestActionData>({ ok: false, error: "指定された再入荷のお知らせ登録はありません。" }, { status: 404 });
  }
  throw redirectWithNotice(PATH, "removed");
}

export default function StockRequests() {
  const { requests, confirmRemove, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <MemberHeading title="再入荷のお知らせ登録" />
      <Notice text={notice} />
      <Notice text={actionData?.error ?? null} tone="error" />
      <p className="m-0 mt-2 text-sm text-gray-700">入荷したときに「お知らせ」でご連絡します。</p>
      {requests.length === 0 ? (
        <p className="card mt-4 p-6 text-center" data-testid="stock-requests-empty">
          再入荷のお知らせを登録した商品はありません。売り切れの商品ページから登録できます。
        </p>
      ) : (
        <ul className="m-0 mt-4 grid gap-3 p-0">
          {requests.map((item) => {
            const title = item.variationTitle ? `${item.title}（${item.variationTitle}）` : item.title;
            return (
              <li key={item.id} className="card grid list-none grid-cols-[64px_1fr] gap-3 p-3" data-testid="stock-request">
                {item.image ? (
                  <img src={productImageSrc(item.image, "s")} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded object-cover" />
                ) : (
                  <span className="h-16 w-16 rounded bg-gray-100" />
                )}
                <div className="grid gap-1 text-sm">
                  <Link to={item.url} className="break-words font-bold">
                    {title}
                  </Link>
                  <span className="text-xs text-gray-700">
                    登録日：<time dateTime={isoDateTime(item.requestedAt)}>{formatShortDate(item.requestedAt)}</time>
                  </span>
                  {item.notifiedAt ? (
                    <span className="badge w-fit bg-emerald-600 text-white">再入荷をお知らせしました（{formatShortDate(item.notifiedAt)}）</span>
                  ) : (
                    <span className="badge w-fit bg-gray-200 text-gray-800">入荷待ち</span>
                  )}
                  {confirmRemove === item.id ? (
                    <RemovalConfirm
                      id={item.id}
                      action={PATH}
                      back={PATH}
                      text={`「${title}」の再入荷のお知らせ登録を取り消しますか？`}
                      submitLabel="取り消す"
                    />
                  ) : (
                    <Link to={`${PATH}?remove=${item.id}`} preventScrollReset className="btn-secondary w-fit py-1 text-xs no-underline">
                      {item.notifiedAt ? "一覧から削除" : "登録を取り消す"}
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
