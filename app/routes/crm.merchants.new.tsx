/** /crm/merchants/new (staff only): registers a merchant; its page follows, where its logins are added. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { CrmNav } from "~/components/tickets/CrmNav";
import { CRM_MERCHANTS_PATH } from "~/core/merchant/merchant-status";
import { requireStaff } from "~/web/account/auth.server";
import { createMerchantAction } from "~/web/merchant/crm-merchants.server";
import { MerchantForm, type MerchantFormValues } from "~/components/crm/merchants/MerchantForm";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `出店者の登録（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, context);
  return createMerchantAction(request, context);
}

const EMPTY: MerchantFormValues = {
  name: "",
  slug: "",
  description: "",
  contactName: "",
  contactEmail: "",
  contactPhone: "",
  legalName: "",
  representative: "",
  postalCode: "",
  address: "",
  phone: "",
  email: "",
  shippingFee: "",
  freeShippingThreshold: "",
  status: "active",
};

export default function CrmMerchantNew() {
  const result = useActionData<typeof action>();
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to={CRM_MERCHANTS_PATH}>← 出店者管理</Link>
      </p>
      <h1 className="text-xl">出店者の登録</h1>
      <MerchantForm defaultValue={EMPTY} version={null} lastResult={result && "reply" in result ? result.reply : null} submitLabel="登録する" />
    </div>
  );
}
