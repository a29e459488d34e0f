/** /crm/approvals (staff only): replies waiting for approval, and whose replies need it (issue 36 item 8). */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { isConnectionFailure } from "~/core/site/connection";
import { requireStaff } from "~/web/account/auth.server";
import { approvalsAction, loadApprovalsPage } from "~/web/tickets/approvals.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `返信の承認（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return data(await loadApprovalsPage(request, context, staff), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return approvalsAction(request, context, staff);
}

export { clientAction, shouldRevalidate } from "~/components/connection/route-handlers";

export default function CrmApprovals() {
  const { pending, team, viewerMayApprove, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { error: string } | object | undefined;
  const error = answer && !isConnectionFailure(answer) && "error" in answer ? answer.error : null;
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">返信の承認</h1>
      <Notice text={notice} />
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <h2 className="text-lg">承認待ちの返信（{pending.length}件）</h2>
      {pending.length > 0 ? (
        <ul className="m-0 grid list-none gap-2 p-0" data-testid="pending-drafts">
          {pending.map((draft) => (
            <li key={draft.id} className="card grid gap-1 p-3 text-sm">
              <Link to={`/crm/tickets/${draft.ticketId}#drafts`} className="font-bold">
                お問い合わせ #{draft.ticketId}
              </Link>
              <span className="text-xs text-gray-700">
                {draft.author}・<time dateTime={isoDateTime(draft.createdAt)}>{formatDateTime(draft.createdAt)}</time>
              </span>
              <span className="line-clamp-2 break-all">{draft.excerpt}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">承認待ちの返信はありません。</p>
      )}
      <h2 className="text-lg">返信に承認が必要なスタッフ</h2>
      <p className="m-0 text-sm text-gray-700">
        設定したスタッフの返信は、承認が不要なスタッフが承認するまでお客様に送信されません。
        {viewerMayApprove ? "" : "（この設定を変更できるのは、返信に承認が不要なスタッフだけです）"}
      </p>
      <table className="my-2 text-sm">
        <tbody>
          {team.map((member) => (
            <tr key={member.id} data-testid="approval-setting">
              <th scope="row" className="pr-3 text-left font-normal">
                {member.name}
              </th>
              <td className="pr-3">{member.needsApproval ? "承認が必要" : "承認不要"}</td>
              <td>
                {viewerMayApprove && !member.self ? (
                  <Form method="post">
                    <input type="hidden" name="staff" value={member.id} />
                    <input type="hidden" name="needs" value={member.needsApproval ? "0" : "1"} />
                    <button type="submit" className="btn-link">
                      {member.needsApproval ? "承認を不要にする" : "承認を必要にする"}
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
