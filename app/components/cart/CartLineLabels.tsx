import { Link } from "@remix-run/react";
import { UNAVAILABLE_LABELS, type CartLine } from "~/core/cart/cart";
import { formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";
import type { CartLineView } from "~/web/types/cart";

/** A row's title (linked to its product page when it has one), its labels and badges, and its unit price. */
export function CartLineLabels({ line, view }: { line: CartLine; view: CartLineView }) {
  return (
    <>
      {view.url ? (
        <Link to={view.url} className="font-bold text-gray-900">
          {view.title}
        </Link>
      ) : (
        <span className="font-bold text-gray-900">{view.title}</span>
      )}
      {view.choiceLabel ? <span className="text-xs text-gray-700">{view.choiceLabel}</span> : null}
      {view.optionsLabel ? <span className="text-xs text-gray-700">{view.optionsLabel}</span> : null}
      {view.shippingDay ? <span className="text-xs text-gray-700">発送希望日：{formatDateJa(view.shippingDay)}</span> : null}
      <span className="flex flex-wrap gap-1">
        {line.isPreorder ? <span className="badge bg-amber-500 text-white">予約</span> : null}
        {line.subscribe != null ? <span className="badge bg-emerald-600 text-white">定期便・{line.subscribe}か月ごと</span> : null}
        {line.unavailableReason ? (
          <span className={`badge text-white ${line.archived ? "bg-gray-600" : "bg-gray-800"}`}>{UNAVAILABLE_LABELS[line.unavailableReason]}</span>
        ) : null}
        {line.couponDisabled ? <span className="badge bg-gray-200 text-gray-800">クーポンを使用できません</span> : null}
        {line.excludedCouponCodes.length > 0 ? <span className="text-xs text-gray-600">対象外クーポン：{line.excludedCouponCodes.join("、")}</span> : null}
      </span>
      <span>
        {formatYen(line.unitPrice)}
        <span className="text-xs text-gray-600">（税込）</span>
      </span>
    </>
  );
}
