/**
 * /user/profile: the member's account settings — name and reading, phone, e-mail (changed once the link
 * mailed to the new address is opened), password, newsletter, and logging out everywhere. Each form posts
 * its `intent` here (app/web/account/account-settings.server.ts).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { SETTINGS_NOTICES } from "~/core/account/account-settings";
import { island } from "~/components/island";
import { MemberHeading } from "~/components/member/MemberHeading";
import { Notice } from "~/components/member/Notice";
import { LogoutEverywhereForm } from "~/components/member/settings/LogoutEverywhereForm";
import { loadAccountSettings } from "~/services/account/account-settings.server";
import { accountSettingsAction } from "~/web/account/account-settings.server";
import { requireUser } from "~/web/account/auth.server";
import { invariantResponse } from "~/web/http.server";
import { redirectedNotice } from "~/web/input.server";
import type { AccountSettingsView } from "~/web/types/account-settings";
import { shopNameOf } from "~/components/layout/page-title";

// The forms' Conform code loads after the page; the server's forms work meanwhile (posts validated there, as without JS).
const AccountSettingsForms = island(() => import("~/components/member/settings/AccountSettingsForms").then((module) => module.AccountSettingsForms));

export const meta: MetaFunction = ({ matches }) => [{ title: `会員情報の変更 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const settings = await loadAccountSettings(context.db, user.id, new Date());
  invariantResponse(settings, "会員情報が見つかりません。", { status: 404 });
  const view: AccountSettingsView = { ...settings, notice: redirectedNotice(request, SETTINGS_NOTICES) };
  return data(view, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return accountSettingsAction(request, context);
}

export default function AccountSettingsPage() {
  const settings = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A done change comes back as a new page visit (a redirect): the forms start again from what is now stored.
  // A refused post is a visit too, but its forms keep what the member types meanwhile: the page's data reloads
  // after it, and a remount then would empty a field retyped before the reload arrived.
  const { key } = useLocation();
  const [formsKey, setFormsKey] = useState(key);
  if (!actionData && formsKey !== key) setFormsKey(key);
  return (
    <>
      <MemberHeading title="会員情報の変更" />
      <Notice text={settings.notice} />
      <div key={formsKey}>
        <AccountSettingsForms settings={settings} actionData={actionData} />
        <section className="card mt-4 grid gap-2 p-4">
          <h2 className="m-0 text-base">お届け先住所</h2>
          <p className="m-0 text-sm">
            <Link to="/user/profile/addresses">お届け先住所の追加・変更・削除はこちら</Link>
          </p>
        </section>
        <LogoutEverywhereForm />
        <section className="card mt-4 grid gap-2 p-4">
          <h2 className="m-0 text-base">退会</h2>
          <p className="m-0 text-sm">
            <Link to="/user/withdraw">退会手続きについて（ポイント・お届け先などの扱い）</Link>
          </p>
        </section>
      </div>
    </>
  );
}
