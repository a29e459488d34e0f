import { Form, Link } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useFormPostFailed } from "~/components/connection/useFormPostFailed";
import { CrmNav } from "~/components/tickets/CrmNav";
import { ORDER_ARCHIVE_TEXT } from "~/core/archive/order-archive";
import { formatYen } from "~/core/money";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import type { ArchivedOrderPageData } from "~/web/types/order-archive";

/** An order number archived to R2: what its document holds, and the owner's 復元 (a plain form). */
export function ArchivedOrderPage({ order }: { order: ArchivedOrderPageData }) {
  const failed = useFormPostFailed();
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-xs">
        <Link to={ORDER_DESK_PATH}>注文管理</Link> ›
      </p>
      <h1 className="m-0 mt-1 text-xl">
        ご注文 {order.number}{" "}
        <span className="rounded bg-gray-200 px-2 py-0.5 text-sm" data-testid="archived-badge">
          {ORDER_ARCHIVE_TEXT.archived}
        </span>
      </h1>
      <Notice text={order.error} tone="error" />
      <p className="text-sm">古いご注文のため、データベースから保管庫（R2）へ移しています。内容を確認・変更するには、復元してください。</p>
      <dl className="grid grid-cols-[8rem_1fr] gap-1 text-sm">
        <dt>ご注文日時</dt>
        <dd className="m-0">{order.placedText}</dd>
        <dt>状態</dt>
        <dd className="m-0">{order.status}</dd>
        <dt>合計</dt>
        <dd className="m-0">{formatYen(order.total)}</dd>
        <dt>メールアドレス</dt>
        <dd className="m-0">{order.email}</dd>
        <dt>アーカイブ日時</dt>
        <dd className="m-0">{order.archivedText}</dd>
        {order.counts.map((count) => (
          <div key={count.label} className="contents">
            <dt>{count.label}</dt>
            <dd className="m-0">{count.rows}件</dd>
          </div>
        ))}
      </dl>
      {order.canRestore ? (
        <Form method="post" className="mt-4">
          <button type="submit" className="rounded bg-gray-800 px-4 py-2 text-white" data-testid="archive-restore">
            復元する
          </button>
          <ConnectionNotice failed={failed} />
        </Form>
      ) : (
        <p className="mt-4 text-sm">復元はショップのオーナーが行えます。</p>
      )}
    </div>
  );
}
