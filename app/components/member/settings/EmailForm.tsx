/**
 * メールアドレス: the new address and the current password. Nothing changes until the link mailed to the
 * new address is opened; a change waiting for that is shown here.
 */
import type * as v from "valibot";
import type { EmailChangeSchema } from "~/core/account/account-settings-forms";
import { formatDateTime } from "~/core/dates";
import { PasswordField } from "~/components/forms/PasswordField";
import { TextField } from "~/components/forms/TextField";
import type { AccountSettingsView, SettingsActionData } from "~/web/types/account-settings";
import { SettingsForm, useSettingsForm } from "./SettingsForm";
import { SettingsSection } from "./SettingsSection";

type EmailFields = v.InferInput<typeof EmailChangeSchema>;

export function EmailForm({ settings, actionData }: { settings: AccountSettingsView; actionData: SettingsActionData | undefined }) {
  const [form, fields] = useSettingsForm<EmailFields>("email", actionData);
  return (
    <SettingsSection intent="email" title="メールアドレス">
      <p className="m-0 text-sm">
        現在のメールアドレス：
        <strong className="break-all" data-testid="current-email">
          {settings.email}
        </strong>
      </p>
      {settings.pendingEmail ? (
        <p className="m-0 rounded bg-amber-50 px-3 py-2 text-sm" data-testid="pending-email">
          確認メールを送信しました：<strong className="break-all">{settings.pendingEmail.email}</strong>
          <br />
          {`メールに記載されたリンクを${formatDateTime(settings.pendingEmail.expiresAt)}までに開くと、変更が完了します。メールが届かない場合は、アドレスをご確認のうえもう一度お手続きください。`}
        </p>
      ) : null}
      <SettingsForm intent="email" form={form} actionData={actionData} submitLabel="確認メールを送信する">
        <TextField label="新しいメールアドレス" field={fields.email} type="email" required inputProps={{ autoComplete: "email" }} />
        <PasswordField label="現在のパスワード" field={fields.currentPassword} autoComplete="current-password" />
        <p className="m-0 text-xs text-gray-600">新しいメールアドレスに確認メールをお送りします。メールのリンクを開くまで、メールアドレスは変更されません。</p>
      </SettingsForm>
    </SettingsSection>
  );
}
