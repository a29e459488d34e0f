import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { CHECKOUT_PASSWORD_KEPT } from "~/core/checkout/checkout";
import { PasswordField } from "../forms/PasswordField";
import { AgreementCheckbox, PersonNameFields, TextField } from "../forms/TextField";

type GuestFields = {
  email: FieldMetadata<string>;
  lastname: FieldMetadata<string>;
  firstname: FieldMetadata<string>;
  lastnameJp: FieldMetadata<string>;
  firstnameJp: FieldMetadata<string>;
  register: FieldMetadata<boolean | string | undefined>;
  password: FieldMetadata<string | undefined>;
  passwordHold: FieldMetadata<string | undefined>;
  newsletter: FieldMetadata<boolean | string | undefined>;
  agreement: FieldMetadata<boolean | string | undefined>;
};

/**
 * Spec screen 11's guest block: the e-mail, the orderer's name, and the registration choices (register
 * off until ticked, decision 0037: ticked, the password, newsletter and agreement; off, the benefits). A password typed on an earlier
 * no-JS round trip is held by the server: the form carries the hold and says so.
 */
export function GuestDetails({ fields }: { fields: GuestFields }) {
  const hold = typeof fields.passwordHold.initialValue === "string" ? fields.passwordHold.initialValue : null;
  return (
    <section aria-labelledby="guest-heading" className="card grid gap-3 p-3">
      <h2 id="guest-heading" className="m-0 text-base">
        ご注文者情報
      </h2>
      <p className="m-0 text-sm">
        会員の方は<Link to="/login?show=1&redirectTo=%2Fcheckout">ログイン</Link>するとお届け先やポイントをご利用いただけます。
      </p>
      <TextField label="メールアドレス" field={fields.email} type="email" required inputProps={{ autoComplete: "email" }} />
      <PersonNameFields fields={fields} />
      <fieldset className="m-0 grid gap-2 border-0 p-0" data-testid="registration">
        <legend className="sr-only">会員登録</legend>
        <label className="flex items-center gap-2 text-sm font-bold">
          <input {...getInputProps(fields.register, { type: "checkbox" })} />
          この情報で会員登録する（無料）
        </label>
        {/* Both parts are in the markup; the box shows one (base.css), so nothing changes as the page hydrates. */}
        <div className="with-registration grid gap-2">
          {hold ? (
            <>
              <input type="hidden" name="passwordHold" value={hold} />
              <p className="m-0 text-sm" data-testid="password-kept">
                {CHECKOUT_PASSWORD_KEPT}
              </p>
            </>
          ) : null}
          <PasswordField label="パスワード" field={fields.password} autoComplete="new-password" hint="会員登録する場合は8文字以上で入力してください" />
          <label className="flex items-center gap-2 text-sm">
            <input {...getInputProps(fields.newsletter, { type: "checkbox" })} />
            メールマガジンを受け取る
          </label>
          <AgreementCheckbox field={fields.agreement} condition="（会員登録する場合）" />
        </div>
        <p className="without-registration m-0 rounded bg-brand-light p-2 text-sm" data-testid="registration-benefits">
          会員登録すると、お買い物ごとにポイントが貯まり（100円につき1ポイント）、お届け先の保存・注文履歴の確認・定期便のお申し込みができます。
        </p>
      </fieldset>
    </section>
  );
}
