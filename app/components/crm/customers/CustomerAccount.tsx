import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useFormPostFailed } from "~/components/connection/useFormPostFailed";
import { DeskPanel } from "~/components/crm/orders/DeskForm";
import { FormErrors } from "~/components/forms/FormErrors";
import { TextField } from "~/components/forms/TextField";
import { useValibotForm } from "~/components/forms/useValibotForm";
import { SUSPENSION_REASON_MAX_LENGTH, SuspensionSchema } from "~/core/customers/customer-forms";
import { formatDateTime, isoDateTime } from "~/core/dates";
import type { CustomerLogin, CustomerProfile } from "~/web/types/customers";

function When({ at }: { at: string | null }) {
  return at ? <time dateTime={isoDateTime(at)}>{formatDateTime(at)}</time> : <>—</>;
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="font-bold">{label}</dt>
      <dd className="m-0 break-all" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** Name, reading, e-mail, phone, registration and the newsletter, as the member gave them. */
export function CustomerProfilePanel({ profile }: { profile: CustomerProfile }) {
  return (
    <DeskPanel id="customer-profile" title="会員情報" testId="customer-profile">
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <Row label="お名前">{profile.name}</Row>
        <Row label="フリガナ">{profile.kana}</Row>
        {profile.nickname ? <Row label="ニックネーム">{profile.nickname}</Row> : null}
        <Row label="メールアドレス">
          <a href={`mailto:${profile.email}`}>{profile.email}</a>
        </Row>
        <Row label="電話番号">{profile.phone || "未登録"}</Row>
        <Row label="登録日時">
          <When at={profile.registeredAt} />
        </Row>
        <Row label="メールマガジン" testId="customer-newsletter">
          {profile.newsletter ? "購読中" : "購読していない"}
        </Row>
      </dl>
    </DeskPanel>
  );
}

/** The owner's suspend or resume form, with the reason the log keeps. */
function SuspensionForm({ suspend, lastResult }: { suspend: boolean; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const intent = suspend ? "suspend" : "resume";
  const [form, fields] = useValibotForm(SuspensionSchema, { id: `customer-${intent}`, lastResult });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const failed = useFormPostFailed(intent);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2 border-t border-t-solid border-gray-200 pt-3" data-testid={`customer-${intent}-form`}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField
        label={suspend ? "停止の理由" : "再開の理由"}
        field={fields.reason}
        required
        hint={
          suspend
            ? "記録に残ります（お客様には表示されません）。停止するとログイン中の端末はすべてログアウトし、ログインとご注文ができなくなります。"
            : "記録に残ります（お客様には表示されません）。"
        }
        inputProps={{ maxLength: SUSPENSION_REASON_MAX_LENGTH }}
      />
      <div>
        <button
          type="submit"
          name="intent"
          value={intent}
          className={`${suspend ? "btn bg-red-700 text-white hover:bg-red-800" : "btn-primary"} py-1 text-sm`}
          disabled={pending}
        >
          {suspend ? "アカウントを停止する" : "アカウントを再開する"}
        </button>
      </div>
      <ConnectionNotice failed={failed} />
    </Form>
  );
}

/**
 * Whether the member can sign in now: the account's state (停止中 with why and since when), the sessions
 * signed in, and — for the owner only — the form that suspends or resumes the account.
 */
export function CustomerLoginPanel({
  profile,
  login,
  isOwner,
  lastResult,
}: {
  profile: CustomerProfile;
  login: CustomerLogin;
  isOwner: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const suspended = profile.status === "suspended";
  return (
    <DeskPanel id="customer-login" title="ログイン状態" testId="customer-login">
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <Row label="アカウント" testId="customer-account-state">
          {suspended ? "停止中（ログイン・ご注文はできません）" : profile.status === "withdrawn" ? "退会済み" : "有効"}
        </Row>
        {suspended ? (
          <>
            <Row label="停止日時">
              <When at={profile.suspendedAt} />
            </Row>
            <Row label="停止の理由" testId="customer-suspension-reason">
              {profile.suspensionReason}
            </Row>
          </>
        ) : null}
        <Row label="ログイン中の端末" testId="customer-sessions">
          {login.activeSessions > 0 ? `${login.activeSessions}台` : "なし"}
        </Row>
        <Row label="最終ログイン">
          <When at={login.lastSignInAt} />
        </Row>
        <Row label="最終利用">
          <When at={login.lastSeenAt} />
        </Row>
      </dl>
      {profile.status === "withdrawn" ? null : isOwner ? (
        <SuspensionForm key={profile.status} suspend={!suspended} lastResult={lastResult} />
      ) : (
        <p className="m-0 text-xs text-gray-700">アカウントの停止・再開はオーナーが行います。</p>
      )}
    </DeskPanel>
  );
}
