/**
 * What every form of the account settings page (/user/profile) is made of: a Conform form
 * that posts its `intent` to the page's action. Validated on the server only (as registration), so one
 * submit answers every message, a registered e-mail or a wrong current password included; without JS a
 * refused post opens the page at the form's section, where its messages are.
 */
import { getFormProps, useForm, type DefaultValue, type FormMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { PROFILE_PATH, type SettingsIntent } from "~/core/account/account-settings";
import { erroredFields, ErrorSummary } from "~/components/forms/ErrorSummary";
import type { SettingsActionData } from "~/web/types/account-settings";
import { settingsAnchor } from "./SettingsSection";

/** The reply of the last post when it was this form's. */
export function replyFor(intent: SettingsIntent, actionData: SettingsActionData | undefined) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

/** The Conform form of one intent (`Fields`: the schema's input, as the form sends it). */
export function useSettingsForm<Fields extends Record<string, unknown>>(
  intent: SettingsIntent,
  actionData: SettingsActionData | undefined,
  defaultValue?: DefaultValue<Fields>,
) {
  return useForm<Fields>({ id: `${settingsAnchor(intent)}-form`, lastResult: replyFor(intent, actionData), defaultValue });
}

/** The <Form> of one intent, with what is wrong at its top and its submit button at the end. */
export function SettingsForm<Schema extends Record<string, unknown>>({
  intent,
  form,
  actionData,
  submitLabel,
  children,
}: {
  intent: SettingsIntent;
  form: FormMetadata<Schema, string[]>;
  actionData: SettingsActionData | undefined;
  submitLabel: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const fields = form.getFieldset();
  return (
    // An index route: "?index" sends the post to this route's action; the fragment opens the page here.
    <Form method="post" action={`${PROFILE_PATH}?index#${settingsAnchor(intent)}`} {...getFormProps(form)} className="grid gap-3">
      <ErrorSummary
        id={form.errorId}
        formErrors={form.errors}
        items={erroredFields(form.allErrors, (name) => (fields as Record<string, { id: string } | undefined>)[name]?.id ?? name)}
        submission={replyFor(intent, actionData)}
      />
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
