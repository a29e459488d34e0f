import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useFormPostFailed } from "~/components/connection/useFormPostFailed";
import { FormErrors } from "~/components/forms/FormErrors";
import { TextField } from "~/components/forms/TextField";
import { formatDateTime } from "~/core/dates";
import { MERCHANT_INVITATION_DAYS, MerchantLoginSchema } from "~/core/merchant/merchant-accounts";
import type { MerchantLoginRow, MerchantLoginState } from "~/web/types/merchants";
import { useValibotForm } from "~/components/forms/useValibotForm";

const STATE_LABELS: Record<MerchantLoginState, string> = {
  invited: "招待中（パスワード未設定）",
  active: "有効",
  disabled: "無効",
};

/** The merchant's logins with 無効にする each, and the form that adds one and mails its invitation. */
export function MerchantLogins({ logins, lastResult }: { logins: MerchantLoginRow[]; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const failed = useFormPostFailed("invite");
  const [form, fields] = useValibotForm(MerchantLoginSchema, {
    id: "merchant-login-form",
    lastResult,
  });
  return (
    <section aria-labelledby="merchant-logins-heading" className="mt-8 max-w-2xl">
      <h2 id="merchant-logins-heading" className="text-lg">
        出店者管理画面のログイン
      </h2>
      {logins.length === 0 ? (
        <p className="text-sm text-gray-600">ログインはまだありません。</p>
      ) : (
        <ul className="m-0 grid list-none gap-2 p-0">
          {logins.map((login) => (
            <li
              key={login.userId}
              className="flex flex-wrap items-center gap-3 rounded border border-solid border-gray-200 p-2 text-sm"
              data-testid="merchant-login"
            >
              <span className="font-bold">{login.name}</span>
              <span className="break-all">{login.email}</span>
              <span className={`badge ${login.state === "disabled" ? "bg-gray-600 text-white" : "bg-gray-100 text-gray-800"}`}>
                {STATE_LABELS[login.state]}
              </span>
              <span className="text-xs text-gray-600">追加：{formatDateTime(login.createdAt)}</span>
              {login.state !== "disabled" ? (
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="userId" value={login.userId} />
                  <button
                    type="submit"
                    name="intent"
                    value="disable"
                    className="btn-secondary text-xs"
                    aria-label={`${login.name}（${login.email}）のログインを無効にする`}
                  >
                    無効にする
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-5 text-base">ログインを追加する</h3>
      <p className="m-0 text-xs text-gray-600">{`入力したメールアドレスに、パスワードを設定するリンク（${MERCHANT_INVITATION_DAYS}日間・1回限り有効）をお送りします。`}</p>
      <Form method="post" {...getFormProps(form)} className="mt-2 grid gap-3" data-testid="merchant-login-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label="メールアドレス" field={fields.email} type="email" required />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="姓" field={fields.lastname} required />
          <TextField label="名" field={fields.firstname} required />
        </div>
        <div>
          <button type="submit" name="intent" value="invite" className="btn-primary" disabled={navigation.state === "submitting"}>
            追加して案内メールを送る
          </button>
        </div>
        <ConnectionNotice failed={failed} />
      </Form>
    </section>
  );
}
