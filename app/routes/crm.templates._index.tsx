/** /crm/templates (staff only): the team's reply templates (issue 36 item 5), and a form for a new one. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { TemplateForm } from "~/components/tickets/TemplateForm";
import { TEMPLATES_PATH } from "~/core/tickets/reply-templates";
import { requireStaff } from "~/web/account/auth.server";
import { createTemplateAction, loadTemplateList } from "~/web/tickets/reply-templates.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `返信テンプレート（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data(await loadTemplateList(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return createTemplateAction(request, context, staff.id);
}

export default function CrmTemplates() {
  const { templates, variables, notice } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>() ?? null;
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">返信テンプレート</h1>
      <p className="m-0 text-sm text-gray-700">お問い合わせの返信欄で選ぶと、差し込み項目をそのお問い合わせの内容で埋めて入力します。</p>
      <Notice text={notice} />
      {templates.length > 0 ? (
        <ul className="my-3 grid list-none gap-2 p-0" data-testid="template-list">
          {templates.map((template) => (
            <li key={template.id} className="card p-3 text-sm">
              <Link to={`${TEMPLATES_PATH}/${template.id}`} className="font-bold">
                {template.title}
              </Link>
              <p className="m-0 line-clamp-2 whitespace-pre-wrap text-gray-700">{template.body}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">テンプレートはまだありません。</p>
      )}
      <h2 className="text-lg">新しいテンプレート</h2>
      <TemplateForm action={`${TEMPLATES_PATH}?index`} values={{ title: "", body: "" }} error={error} variables={variables} submitLabel="作成する" />
    </div>
  );
}
