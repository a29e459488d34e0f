/**
 * /crm/orders/new (受注登録, issue 38 item 3): who the order is for — a member found by the customers search
 * (name, kana, e-mail, phone) or a guest's details — and how it came in. Plain forms (JS or not).
 */
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { CrmNav } from "~/components/tickets/CrmNav";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import type { PhoneOrderActionData, PhoneOrderStartData } from "~/web/types/phone-orders";
import { DeskPanel } from "./DeskForm";

const FIELD = "field";

function ChannelSelect({ channels, id }: { channels: PhoneOrderStartData["channels"]; id: string }) {
  return (
    <label className="grid gap-1" htmlFor={id}>
      <span className="text-xs font-bold">受付方法</span>
      <select id={id} name="channel" defaultValue="phone" className={`${FIELD} w-fit`}>
        {channels.map((channel) => (
          <option key={channel.value} value={channel.value}>
            {channel.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function FormError({ form }: { form: PhoneOrderActionData["form"] }) {
  const refused = useActionData<PhoneOrderActionData>();
  if (!refused || refused.form !== form) return null;
  return (
    <p role="alert" className="m-0 rounded bg-red-50 px-2 py-1 text-sm text-red-800" data-testid="phone-order-error">
      {refused.error}
    </p>
  );
}

export function PhoneOrderStartPage({ page }: { page: PhoneOrderStartData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-xs">
        <Link to={ORDER_DESK_PATH}>注文管理</Link> ›
      </p>
      <h1 className="m-0 mt-1 text-xl">受注登録</h1>
      <p className="m-0 text-sm text-gray-700">お電話・メールでいただいたご注文を登録します。まずお客様を選んでください。</p>
      <div className="mt-4 grid gap-4 lg:grid-cols-2 lg:items-start">
        <DeskPanel id="phone-order-member" title="会員から選ぶ" testId="phone-order-member">
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <label className="grid gap-1">
              <span className="text-xs">氏名・フリガナ・メールアドレス・電話番号</span>
              <input name="q" defaultValue={page.q} className={FIELD} data-testid="phone-order-member-q" />
            </label>
            <button type="submit" className="btn-secondary py-1 text-sm">
              会員を検索
            </button>
          </Form>
          {page.q && page.members.length === 0 ? <p className="m-0">該当する会員は見つかりませんでした。</p> : null}
          <ul className="m-0 grid list-none gap-2 p-0">
            {page.members.map((member) => (
              <li key={member.id} className="rounded border border-solid border-gray-200 p-2" data-testid="phone-order-member-row">
                <Form method="post" className="flex flex-wrap items-end justify-between gap-2">
                  <input type="hidden" name="intent" value="member" />
                  <input type="hidden" name="member" value={member.id} />
                  <span>
                    <strong>{member.name}</strong>（{member.kana}）
                    <span className="block text-xs text-gray-700">
                      {member.email}
                      {member.phone ? `・${member.phone}` : ""}
                    </span>
                  </span>
                  <ChannelSelect channels={page.channels} id={`channel-member-${member.id}`} />
                  <button type="submit" className="btn-primary py-1 text-sm" disabled={busy}>
                    この会員で受注登録
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <FormError form="member" />
        </DeskPanel>
        <DeskPanel id="phone-order-guest" title="ゲスト（会員登録なし）" testId="phone-order-guest">
          <Form method="post" className="grid gap-2">
            <input type="hidden" name="intent" value="guest" />
            <div className="flex flex-wrap gap-2">
              <label className="grid gap-1">
                <span className="text-xs">姓</span>
                <input name="lastname" required className={FIELD} />
              </label>
              <label className="grid gap-1">
                <span className="text-xs">名</span>
                <input name="firstname" required className={FIELD} />
              </label>
            </div>
            <div className="flex flex-wrap gap-2">
              <label className="grid gap-1">
                <span className="text-xs">セイ（カタカナ）</span>
                <input name="lastnameJp" required className={FIELD} />
              </label>
              <label className="grid gap-1">
                <span className="text-xs">メイ（カタカナ）</span>
                <input name="firstnameJp" required className={FIELD} />
              </label>
            </div>
            <label className="grid gap-1">
              <span className="text-xs">メールアドレス（注文確認メールの送り先）</span>
              <input name="email" type="email" required className={FIELD} />
            </label>
            <label className="grid gap-1">
              <span className="text-xs">電話番号</span>
              <input name="phone" type="tel" required className={FIELD} />
            </label>
            <ChannelSelect channels={page.channels} id="channel-guest" />
            <FormError form="guest" />
            <button type="submit" className="btn-primary justify-self-start py-1 text-sm" disabled={busy}>
              ゲストで受注登録
            </button>
          </Form>
        </DeskPanel>
      </div>
    </div>
  );
}
