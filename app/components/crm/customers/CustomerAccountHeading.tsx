import type { CustomerStatus } from "~/core/customers/customer-records";
import { CustomerStatusBadge } from "./CustomerStatusBadge";

/** A customer page's heading: the name with the account's state (or ゲスト). */
export function CustomerAccountHeading({ name, status }: { name: string; status: CustomerStatus | "guest" }) {
  return (
    <h1 className="m-0 mt-1 flex flex-wrap items-center gap-2 text-xl">
      {name ? `${name} 様` : "お名前なし"}
      {status === "guest" ? <span className="badge bg-gray-200 text-gray-800">ゲスト</span> : <CustomerStatusBadge status={status} />}
    </h1>
  );
}
