/**
 * /crm/orders/{id}/return (staff only): record a return or exchange for the customer — a phone call, a
 * guest's order — on any shipped line, with reason, details and photos, as the shopper's form does; it
 * goes on the returns desk (recorded_by) and on through approve → receive. The work is in
 * app/web/returns/returns.server.ts.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { island } from "~/components/island";
import { shopNameOf } from "~/components/layout/page-title";
import { CrmNav } from "~/components/tickets/CrmNav";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk";
import { STAFF_RETURN_TEXT } from "~/core/returns/staff-returns";
import { requireStaff } from "~/web/account/auth.server";
import { idParam } from "~/web/input.server";
import { loadStaffReturnForm, staffReturnAction } from "~/web/returns/returns.server";

// The form's code (Conform, Valibot) loads after the page; the server's form works meanwhile.
const ReturnRequestForm = island(() => import("~/components/returns/ReturnRequestForm").then((module) => module.ReturnRequestForm));

export const meta: MetaFunction = ({ matches }) => [{ title: `返品・交換の登録（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data(await loadStaffReturnForm(context, idParam(params.orderId, "注文ID")), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return staffReturnAction(request, context, staff, idParam(params.orderId, "注文ID"));
}

export default function CrmRecordReturn() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const form = actionData?.form ?? loaded;
  return (
    <div className="grid gap-4 py-2">
      <CrmNav />
      <p className="m-0 text-xs">
        <Link to={ORDER_DESK_PATH}>注文管理</Link> › <Link to={`${ORDER_DESK_PATH}/${form.orderId}`}>{`ご注文 ${form.orderNumber}`}</Link> ›
      </p>
      <h1 id="return-form-heading" className="m-0 text-xl">{`返品・交換の登録（ご注文 ${form.orderNumber}）`}</h1>
      {form.lines.length > 0 ? (
        <>
          <p className="m-0 text-sm text-gray-700">
            お電話やメールで承った返品・交換を、お客様に代わって登録します。登録すると受付のメールがお客様に届き、返品・交換の一覧に載ります。続けて承認し、商品が届いたら受け取り済みにしてください。
          </p>
          <ReturnRequestForm key={form.token} data={form} lastResult={actionData?.reply ?? null} submitLabel="返品・交換を登録する" />
        </>
      ) : (
        <p data-testid="return-none">{STAFF_RETURN_TEXT.nothingShipped}</p>
      )}
    </div>
  );
}
