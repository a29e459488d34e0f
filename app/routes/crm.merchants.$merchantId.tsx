/** /crm/merchants/{id} (staff only): a merchant's details, 特商法 details, shipping fee and status, its logins, where its alerts go, and its commission with a link to its statements. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { MerchantStatusBadge } from "~/components/crm/merchants/MerchantStatusBadge";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { CRM_MERCHANTS_PATH } from "~/core/merchant/merchant-status";
import { requireStaff } from "~/web/account/auth.server";
import { loadMerchantEditor, merchantEditorAction } from "~/web/merchant/crm-merchants.server";
import type { MerchantEditorData } from "~/web/types/merchants";
import { MerchantForm, type MerchantFormValues } from "~/components/crm/merchants/MerchantForm";
import { MerchantLogins } from "~/components/crm/merchants/MerchantLogins";
import { MerchantAlertForm } from "~/components/merchant/MerchantAlertForm";
import { CommissionSection } from "~/components/crm/merchants/CommissionSection";
import { merchantAlertAddresses } from "~/core/alerts/alerts";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data?.merchant.name ?? "出店者"}（出店者管理）| ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadMerchantEditor(request, context, params.merchantId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireStaff(request, context);
  return merchantEditorAction(request, context, params.merchantId);
}

function formValues({ merchant }: Pick<MerchantEditorData, "merchant">): MerchantFormValues {
  return {
    name: merchant.name,
    slug: merchant.slug,
    description: merchant.description,
    contactName: merchant.contactName,
    contactEmail: merchant.contactEmail,
    contactPhone: merchant.contactPhone,
    legalName: merchant.legalName,
    representative: merchant.representative,
    postalCode: merchant.postalCode,
    address: merchant.address,
    phone: merchant.phone,
    email: merchant.email,
    shippingFee: String(merchant.shippingFee),
    freeShippingThreshold: merchant.freeShippingThreshold == null ? "" : String(merchant.freeShippingThreshold),
    status: merchant.status,
  };
}

export { clientAction, shouldRevalidate } from "~/components/connection/route-handlers";

export default function CrmMerchant() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const saveReply = result?.intent === "save" ? result.reply : null;
  const inviteReply = result?.intent === "invite" ? result.reply : null;
  const alertReply = result?.intent === "alerts" ? result.reply : null;
  const commissionReply = result?.intent === "commission" ? result.reply : null;
  const categoryCommissionReply = result?.intent === "commission-category" ? result.reply : null;
  const refusal = result && "error" in result && result.intent !== "commission-remove" ? result.error : null;
  // The island redraws only when its props change identity: the values change with the loaded page only.
  const values = useMemo(() => formValues(page), [page]);
  const alertValues = useMemo(() => ({ alertEmails: page.merchant.alertEmails, alertMode: page.merchant.alertMode }), [page]);
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to={CRM_MERCHANTS_PATH}>← 出店者管理</Link>
      </p>
      <h1 className="flex flex-wrap items-center gap-2 text-xl">
        {page.merchant.name} <MerchantStatusBadge status={page.merchant.status} />
      </h1>
      <Notice text={page.notice} />
      <Notice text={refusal} tone="error" />
      {page.senderNotice ? (
        <p role="note" className="m-0 mb-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="merchant-sender-fallback">
          {page.senderNotice}
        </p>
      ) : null}
      {/* A new version after each save: the form starts again from what was stored. */}
      <MerchantForm key={`form-${page.version}`} defaultValue={values} version={page.version} lastResult={saveReply} submitLabel="保存する" />
      <MerchantLogins key={`logins-${page.logins.length}`} logins={page.logins} lastResult={inviteReply} />
      <MerchantAlertForm
        key={`alerts-${alertValues.alertMode}:${alertValues.alertEmails}`}
        defaultValue={alertValues}
        addressesInForce={merchantAlertAddresses(page.merchant)}
        digestHour={page.digestHour}
        lastResult={alertReply}
      />
      <CommissionSection
        key={`commission-${page.commission.merchantBp}-${page.commission.overrides.map((row) => `${row.categoryId}:${row.bp}`).join()}`}
        merchantId={page.merchant.id}
        settings={page.commission}
        rateReply={commissionReply}
        categoryReply={categoryCommissionReply}
        removeError={result?.intent === "commission-remove" ? result.error : null}
      />
    </div>
  );
}
