import { Form } from "@remix-run/react";
import { ORDER_CLAIM_PATH } from "~/core/orders/order-claim";

/** The offer on the order history: guest orders of the member's address, taken in after a mailed link. */
export function GuestOrderClaim({ count, email }: { count: number; email: string }) {
  return (
    <section aria-labelledby="guest-order-claim" className="card mt-3 p-4 text-sm" data-testid="guest-order-claim">
      <h2 id="guest-order-claim" className="m-0 text-base">
        会員登録前のご注文が{count}件あります
      </h2>
      <p className="m-0 mt-1">
        {email} で会員登録をせずにご購入いただいたご注文です。確認のメールをこのアドレスにお送りし、メールのリンクを開くと注文履歴に追加されます。
      </p>
      <Form method="post" action={ORDER_CLAIM_PATH} className="mt-2">
        <button type="submit" className="btn-secondary">
          ゲスト購入のご注文をアカウントに追加
        </button>
      </Form>
    </section>
  );
}
