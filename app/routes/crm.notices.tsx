/**
 * /crm/notices (staff only): the internal notes in which colleagues mentioned this staff member (issue 36
 * item 4), unread first; the /crm navigation shows how many are unread.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { StaffNoticeList } from "~/components/tickets/StaffNoticeList";
import { requireStaff } from "~/web/account/auth.server";
import { NOTICES_PATH } from "~/core/tickets/ticket-notes";
import { loadStaffNotices, staffNoticesAction } from "~/web/tickets/staff-notices.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `お知らせ（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return data(await loadStaffNotices(request, context, staff.id), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return staffNoticesAction(request, context, staff.id);
}

export default function CrmNotices() {
  const { notices, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">お知らせ</h1>
      <p className="m-0 text-sm text-gray-700">同僚が社内メモであなたに知らせた内容です。お問い合わせを開くと既読になります。</p>
      <Notice text={notice} />
      <Notice text={actionData?.error ?? null} tone="error" />
      <StaffNoticeList notices={notices} action={NOTICES_PATH} />
    </div>
  );
}
