import { MERCHANT_STATUS_LABELS, type MerchantStatus } from "~/core/merchant/merchant-status";

export function MerchantStatusBadge({ status }: { status: MerchantStatus }) {
  const colours = status === "active" ? "bg-emerald-600 text-white" : "bg-gray-700 text-white";
  return (
    <span className={`badge ${colours}`} data-testid="merchant-status">
      {MERCHANT_STATUS_LABELS[status]}
    </span>
  );
}
