import type { AccountSettingsView, SettingsActionData } from "~/web/types/account-settings";
import { EmailForm } from "./EmailForm";
import { NewsletterForm } from "./NewsletterForm";
import { PasswordForm } from "./PasswordForm";
import { ProfileForm } from "./ProfileForm";

/** The account settings page's four forms (an island on /user/profile: their Conform code loads after the page). */
export function AccountSettingsForms({ settings, actionData }: { settings: AccountSettingsView; actionData: SettingsActionData | undefined }) {
  return (
    <>
      <ProfileForm settings={settings} actionData={actionData} />
      <EmailForm settings={settings} actionData={actionData} />
      <PasswordForm actionData={actionData} />
      <NewsletterForm settings={settings} actionData={actionData} />
    </>
  );
}
