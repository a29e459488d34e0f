/**
 * /crm/returns/{id} (staff only): one return or exchange request — its lines, photos, the order, the
 * history — with approve / refuse / receive. The work is in app/web/returns/returns.server.ts.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { ReturnRequestCard } from "~/components/returns/ReturnRequestCard";
import { CrmNav } from "~/components/tickets/CrmNav";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { formatYen } from "~/core/money";
import { requireStaff } from "~/web/account/auth.server";
import { idParam } from "~/web/input.server";
import { loadReturnDeskView, returnDecisionAction } from "~/web/returns/returns.server";
import { ReturnDecisionForms } from "~/components/returns/ReturnDecisionForms";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `返品・交換のお申し込み（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data(await loadReturnDeskView(request, context, idParam(params.returnId, "お申し込みID")), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return returnDecisionAction(request, context, staff, idParam(params.returnId, "お申し込みID"));
}

export default function CrmReturn() {
  const desk = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { order } = desk;
  return (
    <div className="grid gap-4 py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to="/crm/returns">返品・交換の一覧へ</Link>
      </p>
      <h1 className="m-0 text-xl">{`返品・交換のお申し込み #${desk.request.id}`}</h1>
      <Notice text={desk.notice} />
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-bold">ご注文</dt>
        <dd className="m-0">
          <Link to={`/crm/orders/${order.id}`} data-testid="return-order-link">
            {order.number}
          </Link>
          {`（${order.statusLabel}・合計 ${formatYen(order.total)}）`}
        </dd>
        <dt className="font-bold">お客様</dt>
        <dd className="m-0">{`${order.customerName}（${order.email}）`}</dd>
      </dl>
      <ReturnRequestCard request={desk.request}>
        <ReturnDecisionForms desk={desk} actionData={actionData ?? null} />
      </ReturnRequestCard>
      <section aria-labelledby="return-history-heading">
        <h2 id="return-history-heading" className="text-lg">
          履歴
        </h2>
        <ol className="m-0 grid gap-1 pl-5 text-sm" data-testid="return-history">
          {desk.history.map((entry, index) => (
            <li key={index}>
              <time dateTime={isoDateTime(entry.createdAt)}>{formatDateTime(entry.createdAt)}</time>
              {` ${entry.label}（${entry.actor}）${entry.note ? `：${entry.note}` : ""}`}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
