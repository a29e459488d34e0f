/**
 * The shopper's page for changing their order's delivery (issue 38 item 2): the order, the address and the
 * wished date/slot forms while the shop's window allows, or why it no longer does. A member's and a guest's alike.
 */
import { Link } from "@remix-run/react";
import type { ShopperChangePageData } from "~/web/types/order-edits";
import { island } from "~/components/island";
import { Notice } from "~/components/member/Notice";

// The forms' validation (Conform, Valibot, the address form) loads after the page, within the shopper pages'
// first-load budget; the server's forms work meanwhile.
const OrderDeliveryForms = island(() => import("./OrderDeliveryForms").then((module) => module.OrderDeliveryForms));

export function OrderChangePage({ page, guest }: { page: ShopperChangePageData; guest: boolean }) {
  return (
    <div className="grid gap-4" data-testid="order-change-page">
      <Notice text={page.notice} />
      <p className="m-0 text-sm">
        ご注文番号 <strong>{page.order.number}</strong>（{page.order.statusLabel}）
      </p>
      {page.delivery.refusal ? null : (
        <p className="m-0 text-sm text-gray-700">
          発送前のご注文のお届け先・お届け日時を変更できます。変更すると、確認のメールをお送りします。商品・数量の変更はお問い合わせください。
          {guest ? "確認のため、電話番号をあらためてご入力ください。" : ""}
        </p>
      )}
      <div className="card p-4">
        <OrderDeliveryForms delivery={page.delivery} />
      </div>
      <p className="m-0">
        <Link to={page.backHref}>ご注文の詳細に戻る</Link>
      </p>
    </div>
  );
}
