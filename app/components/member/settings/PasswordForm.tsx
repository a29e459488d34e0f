/** パスワード: the current one, then a new one with registration's rules; other devices are signed out. */
import type * as v from "valibot";
import { PASSWORD_MIN_LENGTH } from "~/core/account/account-forms";
import type { PasswordChangeSchema } from "~/core/account/account-settings-forms";
import { PasswordField } from "~/components/forms/PasswordField";
import type { SettingsActionData } from "~/web/types/account-settings";
import { SettingsForm, useSettingsForm } from "./SettingsForm";
import { SettingsSection } from "./SettingsSection";

type PasswordFields = v.InferInput<typeof PasswordChangeSchema>;

export function PasswordForm({ actionData }: { actionData: SettingsActionData | undefined }) {
  const [form, fields] = useSettingsForm<PasswordFields>("password", actionData);
  return (
    <SettingsSection intent="password" title="パスワード">
      <SettingsForm intent="password" form={form} actionData={actionData} submitLabel="パスワードを変更する">
        <PasswordField label="現在のパスワード" field={fields.currentPassword} autoComplete="current-password" />
        <PasswordField
          label="新しいパスワード"
          field={fields.newPassword}
          autoComplete="new-password"
          hint={`${PASSWORD_MIN_LENGTH}文字以上で入力してください`}
        />
        <p className="m-0 text-xs text-gray-600">変更すると、この端末以外でログイン中のブラウザはすべてログアウトします。</p>
      </SettingsForm>
    </SettingsSection>
  );
}
