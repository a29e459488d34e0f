import { formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";

export interface BankTransferFacts {
  /** bankTransferRows(): label/value pairs of the account. */
  rows: [string, string][];
  /** bankTransferDeadline(): the last day, "2026-11-28". */
  deadline: string;
  total: number;
}

/** Where and by when a 銀行振込 order is paid (the thank-you page and the order page; the loader gives the facts). */
export function BankTransferDetails({ rows, deadline, total }: BankTransferFacts) {
  return (
    <section aria-labelledby="bank-transfer-heading" className="card grid gap-2 p-3 text-left text-sm" data-testid="bank-transfer">
      <h2 id="bank-transfer-heading" className="m-0 text-base">
        お振込先
      </h2>
      <dl className="m-0 grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-bold">{label}</dt>
            <dd className="m-0">{value}</dd>
          </div>
        ))}
        <dt className="font-bold">お振込金額</dt>
        <dd className="m-0">{formatYen(total)}</dd>
        <dt className="font-bold">お振込期限</dt>
        <dd className="m-0">{formatDateJa(deadline)}まで</dd>
      </dl>
      <p className="m-0 text-xs text-gray-700" data-testid="bank-transfer-lapse">
        振込手数料はお客様のご負担となります。ご入金を確認してから発送いたします。お振込期限を過ぎてもご入金を確認できない場合、ご注文は自動的にキャンセルとなります。
      </p>
    </section>
  );
}
