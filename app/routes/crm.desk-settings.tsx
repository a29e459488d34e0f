/** /crm/desk-settings (staff only): the support desk's hours, holidays and due-time targets (issue 36 item 6). */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { DeskHolidaysForm, DeskHoursForm, SlaTargetsForm } from "~/components/tickets/DeskSettingsForms";
import { isConnectionFailure } from "~/core/site/connection";
import { requireStaff } from "~/web/account/auth.server";
import { deskSettingsAction, loadDeskSettingsPage, type DeskSettingsError } from "~/web/tickets/desk-settings.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `営業時間・対応期限（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data(await loadDeskSettingsPage(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, context);
  return deskSettingsAction(request, context);
}

export { clientAction, shouldRevalidate } from "~/components/connection/route-handlers";

export default function CrmDeskSettings() {
  const { week, holidays, targets, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as DeskSettingsError | object | undefined;
  // A post that got no answer keeps the page (and what was typed) as it was; its banner says so.
  const error = answer && !isConnectionFailure(answer) && "form" in answer ? answer : null;
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">営業時間・対応期限</h1>
      <p className="m-0 text-sm text-gray-700">
        お問い合わせの初回返信期限と解決期限は、受付時に優先度ごとの目標から営業時間だけを数えて決まります（休業日と営業時間外は数えません）。変更は、これから受け付けるお問い合わせに使われます。
      </p>
      <Notice text={notice} />
      <DeskHoursForm week={week} error={error?.form === "hours" ? error : null} />
      <SlaTargetsForm targets={targets} error={error?.form === "targets" ? error : null} />
      <DeskHolidaysForm holidays={holidays} error={error?.form === "holiday" ? error : null} />
    </div>
  );
}
