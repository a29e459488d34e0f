import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { NEWSLETTER_BODY_MAX, NEWSLETTER_SUBJECT_MAX } from "~/core/mail/newsletter-issue";
import { useShopName } from "~/components/layout/useSiteFacts";
import { FormErrors } from "~/components/forms/FormErrors";
import { FieldErrors, RequiredMark, TextField } from "~/components/forms/TextField";

/** The newsletter issue's form (an island on /crm/newsletter: Conform loads after the page; the server validates). */
export function NewsletterForm({ issue, recipients, lastResult }: { issue: string; recipients: number; lastResult: SubmissionResult<string[]> | undefined }) {
  const shopName = useShopName();
  const navigation = useNavigation();
  const [form, fields] = useForm<{ issue: string; subject: string; body: string }>({ id: "newsletter-issue", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.issue.errors ?? [])]} />
      <input type="hidden" name="issue" value={issue} />
      <TextField label="件名" field={fields.subject} required hint={`${NEWSLETTER_SUBJECT_MAX}文字以内。メールでは先頭に【${shopName}】が付きます。`} />
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
  );
}
