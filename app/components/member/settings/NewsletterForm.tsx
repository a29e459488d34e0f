/** メールマガジン: whether the member gets it, and one button that turns it the other way. */
import type * as v from "valibot";
import type { NewsletterSchema } from "~/core/account/account-settings-forms";
import type { AccountSettingsView, SettingsActionData } from "~/web/types/account-settings";
import { SettingsForm, useSettingsForm } from "./SettingsForm";
import { SettingsSection } from "./SettingsSection";

type NewsletterFields = v.InferInput<typeof NewsletterSchema>;

export function NewsletterForm({ settings, actionData }: { settings: AccountSettingsView; actionData: SettingsActionData | undefined }) {
  const [form] = useSettingsForm<NewsletterFields>("newsletter", actionData);
  return (
    <SettingsSection intent="newsletter" title="メールマガジン">
      <p className="m-0 text-sm" data-testid="newsletter-state">
        {settings.newsletter ? "新商品・セール情報のメールマガジンを受け取っています。" : "メールマガジンは配信停止中です。"}
      </p>
      <SettingsForm
        intent="newsletter"
        form={form}
        actionData={actionData}
        submitLabel={settings.newsletter ? "メールマガジンの配信を停止する" : "メールマガジンを受け取る"}
      >
        <input type="hidden" name="newsletter" value={settings.newsletter ? "0" : "1"} />
      </SettingsForm>
    </SettingsSection>
  );
}
