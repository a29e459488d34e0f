import { Link } from "@remix-run/react";
import { useHydrated } from "~/components/forms/useHydrated";
import { PrintStyle } from "~/components/layout/PrintStyle";
import { MemberHeading } from "~/components/member/MemberHeading";
import { Notice } from "~/components/member/Notice";
import type { ReceiptActionData, ReceiptLoaderData } from "~/web/types/orders";
import { ReceiptDocument } from "./ReceiptDocument";
import { ReceiptFieldsForm } from "./ReceiptFieldsForm";

/**
 * The receipt (領収書) of one of the member's orders, fit to print or save as PDF, with the addressee and
 * memo to set; an order whose receipt cannot be issued yet says why.
 */
export function ReceiptPage({ data, actionData }: { data: ReceiptLoaderData; actionData: ReceiptActionData | null }) {
  const { receipt, issuedAt, unavailable, notice, seller } = data;
  const hydrated = useHydrated();
  const errors = actionData?.errors ?? {};
  const orderHref = `/user/orders/${receipt.id}`;

  if (unavailable) {
    return (
      <>
        <MemberHeading
          title="領収書"
          trail={[
            { to: "/user/orders", label: "注文履歴" },
            { to: orderHref, label: `ご注文 ${receipt.number}` },
          ]}
        />
        <Notice text={unavailable} tone="error" />
        <p className="mt-4">
          <Link to={orderHref}>ご注文の詳細へ戻る</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <PrintStyle controls="receipt-controls" rules=".receipt { border: 0 !important; box-shadow: none !important; }" />
      <div className="receipt-controls">
        <MemberHeading
          title="領収書"
          trail={[
            { to: "/user/orders", label: "注文履歴" },
            { to: orderHref, label: `ご注文 ${receipt.number}` },
          ]}
        />
        <Notice text={notice} />
        <ReceiptFieldsForm receipt={receipt} errors={errors} />
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {hydrated ? (
            <button type="button" className="btn-primary" onClick={() => window.print()}>
              印刷する
            </button>
          ) : null}
          <p className="m-0 text-xs text-gray-600">ブラウザの印刷機能から、PDFとして保存することもできます。</p>
        </div>
      </div>

      <ReceiptDocument receipt={receipt} issuedAt={issuedAt} seller={seller} />
      <p className="receipt-controls mt-4">
        <Link to={orderHref}>ご注文の詳細へ戻る</Link>
      </p>
    </>
  );
}
