/** /crm/settings: the shop settings (issue 37 item 5) — staff see them and their history, only the owner saves. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { shopNameOf } from "~/components/layout/page-title";
import { SettingsHistory } from "~/components/crm/settings/SettingsHistory";
import { ShopSettingsForm } from "~/components/crm/settings/ShopSettingsForm";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { requireOwner, requireStaff } from "~/web/account/auth.server";
import { loadShopSettingsPage, saveShopSettingsAction } from "~/web/settings/crm-settings.server";

export const meta: MetaFunction = ({ matches }) => [{ title: `設定 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireStaff(request, context);
  return loadShopSettingsPage(request, context, viewer);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const owner = await requireOwner(request, context);
  return saveShopSettingsAction(request, context, owner);
}

export { clientAction, shouldRevalidate } from "~/components/connection/route-handlers";

export default function CrmSettings() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const reply = answer && "reply" in answer ? answer.reply : null;
  const refusal = answer && "error" in answer ? answer.error : null;
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">設定</h1>
      <p className="m-0 text-sm text-gray-700">ショップの情報・振込先・各種の既定値・通知先です。保存するたびに新しい版として記録され、変更履歴に残ります。</p>
      <Notice text={page.notice} />
      <Notice text={refusal} tone="error" />
      {/* A new version after each save: the form starts again from what is in force. */}
      <ShopSettingsForm key={page.basedOn} defaultValue={page.values} basedOn={page.basedOn} canEdit={page.canEdit} lastResult={reply} />
      <SettingsHistory history={page.history} />
    </div>
  );
}
