/**
 * /user/orders/{id}/return: the shopper asks to return or exchange delivered items of their own order
 * (another member's order answers 404). The work is in app/web/returns/returns.server.ts.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MemberHeading } from "~/components/member/MemberHeading";
import { island } from "~/components/island";
import { LEGAL_PAGES, RETURNS_SECTION_ID } from "~/core/site/legal-document";
import { requireUser } from "~/web/account/auth.server";
import { idParam } from "~/web/input.server";
import { loadReturnForm, returnRequestAction } from "~/web/returns/returns.server";
import { shopNameOf } from "~/components/layout/page-title";

// The form's code (Conform, Valibot) loads after the page; the server's form works meanwhile.
const ReturnRequestForm = island(() => import("~/components/returns/ReturnRequestForm").then((module) => module.ReturnRequestForm));
export const meta: MetaFunction = ({ matches }) => [{ title: `返品・交換のお申し込み | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return data(await loadReturnForm(context, user, idParam(params.id, "注文ID")), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return returnRequestAction(request, context, user, idParam(params.id, "注文ID"));
}

export default function ReturnRequestPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const form = actionData?.form ?? loaded;
  return (
    <>
      <MemberHeading
        title="返品・交換のお申し込み"
        trail={[
          { to: "/user/orders", label: "注文履歴" },
          { to: `/user/orders/${form.orderId}`, label: `ご注文 ${form.orderNumber}` },
        ]}
      />
      <h2 id="return-form-heading" className="text-lg">{`ご注文 ${form.orderNumber}`}</h2>
      {form.lines.length > 0 ? (
        <>
          <p className="text-sm text-gray-700">
            お申し込みの内容を担当者が確認し、返送の方法をご連絡します。商品はご連絡をお待ちいただいてからお送りください。条件は
            <Link to={`${LEGAL_PAGES.tokushoho.path}#${RETURNS_SECTION_ID}`}>返品・交換について</Link>をご覧ください。
          </p>
          <ReturnRequestForm key={form.token} data={form} lastResult={actionData?.reply ?? null} />
        </>
      ) : (
        <p data-testid="return-none">このご注文には、返品・交換をお申し込みいただける商品がありません（お申し込み期間を過ぎているか、お申し込み済みです）。</p>
      )}
      <p className="mt-4">
        <Link to={`/user/orders/${form.orderId}`}>ご注文の詳細へ戻る</Link>
      </p>
    </>
  );
}
