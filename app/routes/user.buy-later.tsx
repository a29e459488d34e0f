import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as v from "valibot";
import { requireUser } from "~/web/account/auth.server";
import { island } from "~/components/island";
import { MemberHeading } from "~/components/member/MemberHeading";
import { Notice } from "~/components/member/Notice";
import { formatYen } from "~/core/money";
import { SAVED_ITEM_BADGES } from "~/core/member/saved-items";
import { listingReturnPath, readFormData } from "~/web/http.server";
import { moveBackToCart } from "~/services/member/buy-later.server";
import { IdSchema } from "~/core/validation";
import { readInput, redirectedNotice } from "~/web/input.server";
import { confirmRemoveId } from "~/web/search/listing.server";
import { listBuyLater, removeBuyLater } from "~/services/member/member-lists.server";
import { productImageSrc } from "~/core/catalogue/product-images";
import { shopNameOf } from "~/components/layout/page-title";

// A removal's confirmation shows once the member asks for it: its code loads after the page.
const RemovalConfirm = island(() => import("~/components/listing/RemovalConfirm").then((module) => module.RemovalConfirm));

const PATH = "/user/buy-later";
const NOTICES = {
  moved: "カートに戻しました。",
  removed: "「あとで買う」から削除しました。",
};
const NOT_FOUND = "指定された商品は「あとで買う」にありません。";

export const meta: MetaFunction = ({ matches }) => [{ title: `あとで買う | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  return data(
    {
      items: await listBuyLater(context.db, user.id),
      confirmRemove: confirmRemoveId(url),
      notice: redirectedNotice(url, NOTICES),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Back to the cart, or off the list. */
const BuyLaterIntentSchema = v.object({ intent: v.picklist(["move", "remove"]), id: IdSchema });

export type BuyLaterActionData = { ok: false; error: string };

/** intent=move (back to the cart) or intent=remove, with the item id → 303 back here with a notice (PRG). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = readInput(BuyLaterIntentSchema, await readFormData(request));
  if (!read.ok) return data<BuyLaterActionData>({ ok: false, error: read.error }, { status: 400 });
  const { intent, id } = read.input;
  const done = intent === "move" ? await moveBackToCart(context.db, user.id, id) : { ok: await removeBuyLater(context.db, user.id, id) };
  if (!done.ok) {
    if ("refusal" in done) return data<BuyLaterActionData>({ ok: false, error: done.refusal }, { status: 409 });
    return data<BuyLaterActionData>({ ok: false, error: NOT_FOUND }, { status: 404 });
  }
  throw redirect(listingReturnPath(null, PATH, intent === "move" ? "moved" : "removed"), 303);
}

export default function BuyLater() {
  const { items, confirmRemove, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <>
      <MemberHeading title="あとで買う" />
      <Notice text={notice} />
      <Notice text={actionData?.error ?? null} tone="error" />
      {items.length === 0 ? (
        <p className="card mt-4 p-6 text-center" data-testid="buy-later-empty">
          「あとで買う」に入れた商品はありません。カートの各商品から「あとで買う」を選ぶと、ここに移動します。
        </p>
      ) : (
        <ul className="m-0 mt-4 grid gap-3 p-0">
          {items.map((item) => (
            <li key={item.id} className="card grid list-none grid-cols-[64px_1fr] gap-3 p-3" data-testid="buy-later-item">
              {item.image ? (
                <img src={productImageSrc(item.image, "s")} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded object-cover" />
              ) : (
                <span className="h-16 w-16 rounded bg-gray-100" />
              )}
              <div className="grid gap-1 text-sm">
                <Link to={item.url} className="break-words font-bold">
                  {item.title}
                </Link>
                {item.label ? <span className="text-xs text-gray-700">{item.label}</span> : null}
                <span>
                  {formatYen(item.price)}
                  <span className="text-xs text-gray-600">（税込）</span> × {item.quantity}点
                </span>
                {item.unavailable ? (
                  <span className="badge w-fit bg-gray-600 text-white" data-testid="saved-item-unavailable">
                    {SAVED_ITEM_BADGES[item.unavailable]}
                  </span>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  {/* An item that cannot be bought now stays here, without a way into the cart. */}
                  {item.unavailable ? null : (
                    <Form method="post" action={PATH}>
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="id" value={item.id} />
                      <button type="submit" className="btn-primary py-1 text-xs" disabled={navigation.state === "submitting"}>
                        カートに戻す
                      </button>
                    </Form>
                  )}
                  {confirmRemove === item.id ? null : (
                    <Link to={`${PATH}?remove=${item.id}`} preventScrollReset className="btn-secondary py-1 text-xs no-underline">
                      削除
                    </Link>
                  )}
                </div>
                {confirmRemove === item.id ? (
                  <RemovalConfirm id={item.id} action={PATH} back={PATH} text={`「${item.title}」を「あとで買う」から削除しますか？`} />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4">
        <Link to="/cart">カートを見る</Link>
      </p>
    </>
  );
}
