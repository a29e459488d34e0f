import { CUSTOMER_STATUS_LABELS, type CustomerStatus } from "~/core/customers/customer-records";

const COLOURS: Record<CustomerStatus, string> = {
  active: "bg-emerald-600 text-white",
  suspended: "bg-red-700 text-white",
  withdrawn: "bg-gray-500 text-white",
};

/** A member's account state: 有効 / 停止中 / 退会済み. */
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return (
    <span className={`badge whitespace-nowrap ${COLOURS[status]}`} data-testid="customer-status">
      {CUSTOMER_STATUS_LABELS[status]}
    </span>
  );
}
