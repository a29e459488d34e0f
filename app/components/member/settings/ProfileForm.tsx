/** お名前・電話番号: the same fields, rules and messages as registration (and an address's phone). */
import type * as v from "valibot";
import type { ProfileSchema } from "~/core/account/account-settings-forms";
import { PersonNameFields, TextField } from "~/components/forms/TextField";
import type { AccountSettingsView, SettingsActionData } from "~/web/types/account-settings";
import { SettingsForm, useSettingsForm } from "./SettingsForm";
import { SettingsSection } from "./SettingsSection";

type ProfileFields = v.InferInput<typeof ProfileSchema>;

export function ProfileForm({ settings, actionData }: { settings: AccountSettingsView; actionData: SettingsActionData | undefined }) {
  const [form, fields] = useSettingsForm<ProfileFields>("profile", actionData, {
    lastname: settings.lastname,
    firstname: settings.firstname,
    lastnameJp: settings.lastnameJp,
    firstnameJp: settings.firstnameJp,
    phone: settings.phone ?? "",
  });
  return (
    <SettingsSection intent="profile" title="お名前・電話番号">
      <SettingsForm intent="profile" form={form} actionData={actionData} submitLabel="お名前・電話番号を変更する">
        <PersonNameFields fields={fields} />
        <TextField
          label="電話番号（任意）"
          field={fields.phone}
          type="tel"
          hint="ハイフンなしの半角数字10桁または11桁（ハイフン・全角数字で入力しても自動で変換します）"
          inputProps={{ autoComplete: "tel", inputMode: "tel" }}
        />
      </SettingsForm>
    </SettingsSection>
  );
}
