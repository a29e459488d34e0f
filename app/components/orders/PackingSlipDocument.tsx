import type { ReactNode } from "react";
import { formatYen } from "~/core/money";
import { PACKING_SLIP_TEXT, type PackingSlip } from "~/core/orders/packing-slip";

function Party({ heading, testId, children }: { heading: string; testId: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-0.5" data-testid={testId}>
      <h3 className="m-0 border-b border-b-solid border-gray-400 pb-0.5 text-xs font-bold text-gray-700">{heading}</h3>
      {children}
    </section>
  );
}

/** What was chosen for a line, on one line: the variation, the options, the gift wrapping. */
function chosenText(item: PackingSlip["items"][number]): string {
  return [item.variation, item.options, item.wrapping ? "ギフト包装" : ""].filter(Boolean).join(" / ");
}

/**
 * One printed 納品書 (an A4 page of its own when printed): the order, the recipient and the orderer when
 * someone else, the sender, the parcel's goods with their prices (none on a gift's), the thanks and where to ask.
 */
export function PackingSlipDocument({ slip }: { slip: PackingSlip }) {
  const { recipient, sender } = slip;
  const priced = slip.subtotal != null;
  return (
    <article
      className="packing-slip card mx-auto mt-4 grid max-w-3xl gap-4 p-6 text-sm"
      aria-labelledby={`slip-title-${slip.shipmentId}`}
      data-testid="packing-slip"
      data-shipment={slip.shipmentId}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`slip-title-${slip.shipmentId}`} className="m-0 text-2xl tracking-[0.5em]">
          納品書
        </h2>
        <dl className="m-0 grid gap-0.5 text-right text-xs">
          <div>
            <dt className="inline">ご注文番号：</dt>
            <dd className="m-0 inline" data-testid="slip-order-number">
              {slip.orderNumber}
            </dd>
          </div>
          <div>
            <dt className="inline">ご注文日：</dt>
            <dd className="m-0 inline">{slip.orderedOn}</dd>
          </div>
        </dl>
      </header>

      <div className="grid grid-cols-2 gap-6">
        <Party heading="お届け先" testId="slip-recipient">
          <p className="m-0">{recipient.postal}</p>
          <p className="m-0">{recipient.street}</p>
          <p className="m-0 text-base font-bold">{recipient.name} 様</p>
          <p className="m-0 text-xs">電話 {recipient.phone}</p>
          {slip.orderer ? (
            <p className="m-0 mt-1 text-xs" data-testid="slip-orderer">
              ご注文者：{slip.orderer} 様
            </p>
          ) : null}
        </Party>
        <Party heading="差出人" testId="slip-sender">
          <p className="m-0 font-bold">{sender.name}</p>
          {sender.shopName ? <p className="m-0 text-xs">（{sender.shopName}）</p> : null}
          <p className="m-0">〒{sender.postalCode}</p>
          <p className="m-0">{[sender.address, sender.building].filter(Boolean).join(" ")}</p>
          <p className="m-0 text-xs">電話 {sender.phone}</p>
        </Party>
      </div>

      <p className="m-0">{slip.thanks}</p>

      <table className="w-full border-collapse text-xs" data-testid="slip-items">
        <caption className="mb-1 text-left text-sm font-bold">お届け商品</caption>
        <thead>
          <tr className="border-b border-b-solid border-gray-600">
            <th scope="col" className="w-28 py-1 text-left">
              商品コード
            </th>
            <th scope="col" className="py-1 text-left">
              商品名
            </th>
            <th scope="col" className="w-12 py-1 text-right">
              数量
            </th>
            {priced ? (
              <>
                <th scope="col" className="w-20 py-1 text-right">
                  単価（税込）
                </th>
                <th scope="col" className="w-24 py-1 text-right">
                  金額（税込）
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {slip.items.map((item, index) => (
            <tr key={index} className="border-b border-b-solid border-gray-200" data-testid="slip-item">
              <td className="break-all py-1 pr-2">{item.sku}</td>
              <td className="py-1 pr-2">
                {item.title}
                {chosenText(item) ? <span className="block text-gray-700">{chosenText(item)}</span> : null}
              </td>
              <td className="py-1 text-right">{item.quantity}</td>
              {priced ? (
                <>
                  <td className="py-1 text-right">{item.unitPrice != null ? formatYen(item.unitPrice) : ""}</td>
                  <td className="py-1 text-right">{item.total != null ? formatYen(item.total) : ""}</td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
        {priced ? (
          <tfoot>
            <tr className="font-bold">
              <th scope="row" colSpan={4} className="py-1 text-left">
                商品合計（税込）
              </th>
              <td className="py-1 text-right" data-testid="slip-subtotal">
                {formatYen(slip.subtotal!)}
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
      {slip.gift ? (
        <p className="m-0 text-xs" data-testid="slip-gift-note">
          {PACKING_SLIP_TEXT.giftNote}
        </p>
      ) : (
        <p className="m-0 text-xs text-gray-700">送料・手数料・割引を含むご請求金額は、ご注文確認メールまたはご注文履歴の領収書でご確認いただけます。</p>
      )}

      <footer className="border-t border-t-solid border-gray-300 pt-2 text-xs">{slip.contact}</footer>
    </article>
  );
}
