/** すべての端末からログアウト: ends every session of the account, this browser's too. */
import { Form } from "@remix-run/react";
import { PROFILE_PATH } from "~/core/account/account-settings";
import { SettingsSection } from "./SettingsSection";

export function LogoutEverywhereForm() {
  return (
    <SettingsSection intent="logout_everywhere" title="すべての端末からログアウト">
      <p className="m-0 text-sm">
        ほかの人のパソコンやスマートフォンでログインしたままにしてしまった場合などにご利用ください。この端末を含め、ログイン中のすべてのブラウザでログアウトします。
      </p>
      <Form method="post" action={`${PROFILE_PATH}?index`}>
        <button type="submit" name="intent" value="logout_everywhere" className="btn-secondary">
          すべての端末からログアウトする
        </button>
      </Form>
    </SettingsSection>
  );
}
