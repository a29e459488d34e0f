/** Staff only (/crm/newsletter): write a newsletter issue for every member who wants it. */
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NEWSLETTER_BODY_MAX, NEWSLETTER_SUBJECT_MAX } from "~/core/newsletter-issue";
import { SHOP_NAME } from "~/core/site";
import { FormErrors } from "~/components/forms/FormErrors";
import { FieldErrors, RequiredMark, TextField } from "~/components/forms/TextField";
import { Notice } from "~/components/member/MemberHeading";
import { CrmNav } from "~/components/tickets/CrmNav";
import { newsletterDeskPage, sendNewsletterAction } from "~/web/crm-newsletter.server";

export const meta: MetaFunction = () => [{ title: `メールマガジンの配信 | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return newsletterDeskPage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return sendNewsletterAction(request, context);
}

export default function NewsletterDesk() {
  const { recipients, issue, notice } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<{ issue: string; subject: string; body: string }>({ id: "newsletter-issue", lastResult });
  return (
    <div>
      <CrmNav />
      <h1 className="text-xl">メールマガジンの配信</h1>
      <Notice text={notice} />
      <p className="text-sm" data-testid="newsletter-recipients">
        配信対象：{recipients.toLocaleString("ja-JP")}名（メールマガジンの配信を希望している会員）。各メールには会員ごとの配信停止リンクが入ります。
      </p>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.issue.errors ?? [])]} />
        <input type="hidden" name="issue" value={issue} />
        <TextField label="件名" field={fields.subject} required hint={`${NEWSLETTER_SUBJECT_MAX}文字以内。メールでは先頭に【${SHOP_NAME}】が付きます。`} />
        <div className="grid gap-1">
          <label htmlFor={fields.body.id} className="text-sm font-bold">
            本文
            <RequiredMark />
          </label>
          <textarea {...getTextareaProps(fields.body)} rows={12} aria-required className="field" />
          <p className="m-0 text-xs text-gray-600">{`${NEWSLETTER_BODY_MAX.toLocaleString("ja-JP")}文字以内。空行で段落を分けます。宛名とショップの連絡先・配信停止リンクは自動で入ります。`}</p>
          <FieldErrors id={fields.body.errorId} errors={fields.body.errors} />
        </div>
        <div>
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting" || recipients === 0}>
            {recipients.toLocaleString("ja-JP")}名に送信する
          </button>
        </div>
      </Form>
    </div>
  );
}
