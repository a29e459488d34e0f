/**
 * /crm/orders/new/{draft} (受注登録, issue 38 item 3): the order being taken — products, where it ships (a saved
 * address of the member or the shop's address form with 住所を検索), the delivery wish, payment, coupon, points
 * and memo — priced by the checkout's rules as it is built, then 確認画面へ. Plain forms (JS or not).
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { AddressForm } from "~/components/address/AddressForm";
import { useAddressForm } from "~/components/address/useAddressForm";
import { FormErrors } from "~/components/forms/FormErrors";
import { Notice } from "~/components/member/Notice";
import { DeliveryWishFields } from "~/components/orders/OrderDeliveryForms";
import { CrmNav } from "~/components/tickets/CrmNav";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import type { AddressFormActionData } from "~/web/types/addresses";
import type { PhoneOrderPageData, PhoneOrderSummary } from "~/web/types/phone-orders";
import { DeskPanel } from "./DeskForm";
import { PhoneOrderFormError, PhoneOrderItems } from "./PhoneOrderItems";

export function PhoneOrderCustomer({ summary }: { summary: PhoneOrderSummary }) {
  const { customer } = summary;
  return (
    <p className="m-0 mt-2 text-sm" data-testid="phone-order-customer">
      お客様：<strong>{customer.name}</strong>（{customer.kana}）{customer.memberId != null ? "・会員" : "・ゲスト"}・{customer.email}
      {customer.phone ? `・${customer.phone}` : ""}・受付方法：{summary.channelLabel}
    </p>
  );
}

export function PhoneOrderAmounts({ summary }: { summary: PhoneOrderSummary }) {
  return (
    <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-t-solid border-gray-200 pt-2" data-testid="phone-order-amounts">
      {summary.amounts.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-gray-700">{row.label}</dt>
          <dd className="m-0 text-right">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function TypedAddressForm({ page }: { page: PhoneOrderPageData }) {
  const answered = useActionData<AddressFormActionData>();
  const reply = answered && "lastResult" in answered ? answered : null;
  const [form, fields] = useAddressForm({ id: "phone-order-address", defaultValue: page.typedAddress, lastResult: reply?.lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3" data-testid="phone-order-address-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <AddressForm fields={fields} lookupMessage={reply?.lookup ?? null} showTitle={false} showDefault={false} />
      <PhoneOrderFormError form="address" />
      <div>
        <button type="submit" name="intent" value="address" className="btn-secondary py-1 text-sm">
          このお届け先にする
        </button>
      </div>
    </Form>
  );
}

function DeliveryAddress({ page }: { page: PhoneOrderPageData }) {
  return (
    <div className="grid gap-3">
      <p className="m-0" data-testid="phone-order-ship-to">
        {page.shipTo ? (
          <>
            お届け先：<strong>{page.shipTo}</strong>
          </>
        ) : (
          "お届け先はまだ選ばれていません。"
        )}
      </p>
      {page.savedAddresses.length > 0 ? (
        <Form method="post" className="grid gap-1" data-testid="phone-order-saved-addresses">
          <input type="hidden" name="intent" value="saved_address" />
          <span className="text-xs font-bold">会員の登録済みのお届け先</span>
          {page.savedAddresses.map((address) => (
            <label key={address.id} className="flex items-start gap-2">
              <input type="radio" name="addressId" value={address.id} defaultChecked={page.chosenSavedId === address.id} />
              {address.label}
            </label>
          ))}
          <PhoneOrderFormError form="saved_address" />
          <button type="submit" className="btn-secondary justify-self-start py-1 text-sm">
            選んだお届け先にする
          </button>
        </Form>
      ) : null}
      <details open={page.savedAddresses.length === 0}>
        <summary className="cursor-pointer text-sm font-bold">お届け先を入力する</summary>
        <TypedAddressForm page={page} />
      </details>
    </div>
  );
}

function DetailsForm({ page }: { page: PhoneOrderPageData }) {
  return (
    <Form method="post" className="grid gap-2" data-testid="phone-order-details">
      <input type="hidden" name="intent" value="details" />
      <label className="grid gap-1">
        <span className="text-xs font-bold">受付方法</span>
        <select name="channel" defaultValue={page.channel} className="field w-fit">
          {page.channels.map((channel) => (
            <option key={channel.value} value={channel.value}>
              {channel.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="m-0 grid gap-1 border-0 p-0">
        <legend className="text-xs font-bold">お支払い方法</legend>
        {page.paymentOptions.map((option) => (
          <label key={option.value} className="flex items-center gap-2">
            <input type="radio" name="payment" value={option.value} defaultChecked={page.payment === option.value} />
            {option.label}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <DeliveryWishFields {...page} />
      </div>
      <div className="flex flex-wrap gap-2">
        <label className="grid gap-1">
          <span className="text-xs font-bold">クーポンコード</span>
          <input name="coupon" defaultValue={page.coupon} className="field" />
        </label>
        {page.userPoints != null ? (
          <label className="grid gap-1">
            <span className="text-xs font-bold">利用ポイント（保有 {page.userPoints}pt）</span>
            <input name="points" inputMode="numeric" defaultValue={page.points || ""} className="field w-28" />
          </label>
        ) : null}
      </div>
      <label className="grid gap-1">
        <span className="text-xs font-bold">社内メモ（お客様には表示されません）</span>
        <textarea name="memo" defaultValue={page.memo} rows={2} maxLength={1000} className="field" />
      </label>
      <PhoneOrderFormError form="details" />
      <button type="submit" className="btn-secondary justify-self-start py-1 text-sm">
        保存して再計算
      </button>
    </Form>
  );
}

export function PhoneOrderPage({ page }: { page: PhoneOrderPageData }) {
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-xs">
        <Link to={ORDER_DESK_PATH}>注文管理</Link> › <Link to={`${ORDER_DESK_PATH}/new`}>受注登録</Link> ›
      </p>
      <h1 className="m-0 mt-1 text-xl">受注登録</h1>
      <Notice text={page.notice} />
      <PhoneOrderCustomer summary={page} />
      <div className="mt-4 grid gap-4 lg:grid-cols-2 lg:items-start">
        <DeskPanel id="phone-order-items" title="ご注文の商品" testId="phone-order-items">
          <PhoneOrderItems page={page} />
          <PhoneOrderAmounts summary={page} />
        </DeskPanel>
        <div className="grid gap-4">
          <DeskPanel id="phone-order-delivery" title="お届け先" testId="phone-order-delivery">
            <DeliveryAddress page={page} />
          </DeskPanel>
          <DeskPanel id="phone-order-details-panel" title="お支払い・お届け日時・割引・メモ" testId="phone-order-details-panel">
            <DetailsForm page={page} />
          </DeskPanel>
        </div>
      </div>
      <div className="mt-4 grid gap-2">
        {page.missing.length > 0 ? (
          <ul className="m-0 pl-5 text-sm text-amber-900" data-testid="phone-order-missing">
            {page.missing.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : (
          <Link to={`${ORDER_DESK_PATH}/new/${page.id}/confirm`} className="btn-primary justify-self-start no-underline" data-testid="phone-order-to-confirm">
            確認画面へ進む
          </Link>
        )}
      </div>
    </div>
  );
}
