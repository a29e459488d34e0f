import { formatYen } from "~/core/money";
import { REDUCED_TAX_RATE } from "~/core/tax";
import { productImageSrc } from "~/core/catalogue/product-images";

export interface OrderLineView {
  id: number;
  title: string;
  sku: string;
  choiceLabel: string;
  optionsLabel: string;
  picture: string;
  unitPrice: number;
  quantity: number;
  taxRate: number;
  wrapping: boolean;
  isPreorder: boolean;
  subscribe: number | null;
  total: number;
  /** Set when the line was cancelled on its own (the rest of the order went on) or with the order. */
  cancelledAt?: Date | string | null;
}

/** One bought item as the order shows it: picture, title, choices, badges, unit price × quantity. */
export function OrderLineItem({ line }: { line: OrderLineView }) {
  return (
    <li className="grid list-none grid-cols-[56px_1fr] gap-3 border-t border-t-solid border-gray-200 py-2 text-sm first:border-t-0" data-testid="order-line">
      {line.picture ? (
        <img src={productImageSrc(line.picture, "s")} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 rounded object-cover" />
      ) : (
        <span className="h-14 w-14 rounded bg-gray-100" />
      )}
      <div className="grid gap-0.5">
        <span className="break-words font-bold">
          {line.title}
          {line.taxRate === REDUCED_TAX_RATE ? <span title="軽減税率（8%）対象">※</span> : null}
        </span>
        {line.choiceLabel ? <span className="text-xs text-gray-700">{line.choiceLabel}</span> : null}
        {line.optionsLabel ? <span className="text-xs text-gray-700">{line.optionsLabel}</span> : null}
        <span className="flex flex-wrap gap-1">
          {line.cancelledAt ? (
            <span className="badge bg-gray-600 text-white" data-testid="line-cancelled">
              キャンセル
            </span>
          ) : null}
          {line.isPreorder ? <span className="badge bg-amber-500 text-white">予約</span> : null}
          {line.subscribe != null ? <span className="badge bg-emerald-600 text-white">定期便・{line.subscribe}か月ごと</span> : null}
          {line.wrapping ? <span className="badge bg-gray-200 text-gray-800">ギフトラッピング</span> : null}
        </span>
        <span className="text-xs text-gray-700">
          {formatYen(line.unitPrice)} × {line.quantity}点 ＝ <span className="font-bold text-gray-900">{formatYen(line.total)}</span>
        </span>
      </div>
    </li>
  );
}
