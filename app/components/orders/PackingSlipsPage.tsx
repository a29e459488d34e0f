import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "~/components/forms/useHydrated";
import { PrintStyle } from "~/components/layout/PrintStyle";
import { formatCount } from "~/core/money";
import type { PackingSlipPageData } from "~/web/types/orders";
import { PackingSlipDocument } from "./PackingSlipDocument";

/** Each slip on a page of its own; no card frame on paper. */
const SLIP_PRINT_RULES = `.packing-slip { border: 0 !important; box-shadow: none !important; margin: 0 !important; max-width: none !important; break-after: page; page-break-after: always; }
  .packing-slip:last-of-type { break-after: auto; page-break-after: auto; }`;

/**
 * A page of 納品書 (staff's and a merchant's): on screen the navigation `nav`, the count, what was left out,
 * the print button (with JS; the browser's own print otherwise) and the way back; on paper only the slips,
 * one A4 page each.
 */
export function PackingSlipsPage({ data, nav }: { data: PackingSlipPageData; nav: ReactNode }) {
  const hydrated = useHydrated();
  const { slips, notices, back } = data;
  return (
    <div className="py-2">
      <PrintStyle controls="slip-controls" rules={SLIP_PRINT_RULES} />
      <div className="slip-controls grid gap-2">
        {nav}
        <p className="m-0 text-sm">
          <Link to={back.href}>← {back.label}</Link>
        </p>
        <h1 className="m-0 text-xl">納品書</h1>
        <p role="status" className="m-0 text-sm font-bold" data-testid="slip-count">
          {slips.length > 0 ? `${formatCount(slips.length)}件の荷物` : "印刷する納品書はありません。発送待ちの荷物がありません。"}
        </p>
        {notices.map((notice) => (
          <p key={notice} className="m-0 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="slip-notice">
            {notice}
          </p>
        ))}
        {slips.length > 0 ? (
          <div className="flex flex-wrap items-center gap-3">
            {hydrated ? (
              <button type="button" className="btn-primary" onClick={() => window.print()} data-testid="slip-print">
                印刷する
              </button>
            ) : null}
            <p className="m-0 text-xs text-gray-600">ブラウザの印刷機能で印刷してください（A4・1荷物1ページ）。PDFとして保存することもできます。</p>
          </div>
        ) : null}
      </div>
      {slips.map((slip) => (
        <PackingSlipDocument key={slip.shipmentId} slip={slip} />
      ))}
    </div>
  );
}
