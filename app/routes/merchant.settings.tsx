/** /merchant/settings (a merchant's login only, its own merchant): where its alert mails go and how. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { MerchantAlertForm } from "~/components/merchant/MerchantAlertForm";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { Notice } from "~/components/member/Notice";
import { SHOP_NAME } from "~/core/site/site";
import { loadMerchantSettings, merchantSettingsAction } from "~/web/merchant/merchant-alert-settings.server";

export const meta: MetaFunction = () => [{ title: `通知の設定（出品者）| ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadMerchantSettings(request, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return merchantSettingsAction(request, context);
}

export { clientAction, shouldRevalidate } from "~/components/connection/route-handlers";

export default function MerchantSettings() {
  const { settings, digestHour, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const values = useMemo(() => ({ alertEmails: settings.alertEmails, alertMode: settings.alertMode }), [settings]);
  return (
    <div className="py-2">
      <MerchantNav />
      <h1 className="m-0 mb-3 text-xl">通知の設定</h1>
      <p className="m-0 text-sm text-gray-700">{settings.merchantName}</p>
      <Notice text={notice} />
      <MerchantAlertForm
        key={`${settings.alertMode}:${settings.alertEmails}`}
        defaultValue={values}
        addressesInForce={settings.addressesInForce}
        digestHour={digestHour}
        lastResult={result?.reply ?? null}
      />
    </div>
  );
}
