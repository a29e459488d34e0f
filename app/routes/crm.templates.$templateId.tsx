/** /crm/templates/{id} (staff only): edit a reply template (a save over a newer one is refused) or delete it. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { TemplateForm } from "~/components/tickets/TemplateForm";
import { TEMPLATES_PATH } from "~/core/tickets/reply-templates";
import { requireStaff } from "~/web/account/auth.server";
import { editTemplateAction, loadTemplate } from "~/web/tickets/reply-templates.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `返信テンプレートの編集（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data(await loadTemplate(request, context, params.templateId), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return editTemplateAction(request, context, staff.id, params.templateId);
}

export default function CrmTemplate() {
  const { template, variables, notice } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>() ?? null;
  const path = `${TEMPLATES_PATH}/${template.id}`;
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to={TEMPLATES_PATH}>← 返信テンプレート</Link>
      </p>
      <h1 className="text-xl">{template.title}</h1>
      <Notice text={notice} />
      <TemplateForm action={path} values={template} revision={template.revision} error={error} variables={variables} submitLabel="保存する" />
      <Form method="post" action={path} className="mt-4">
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" className="btn-secondary">
          このテンプレートを削除する
        </button>
      </Form>
    </div>
  );
}
