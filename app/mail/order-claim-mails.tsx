/** The link that lets a member take their earlier guest orders into the account (sensitive: it acts on the account). */
import { formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";
import { ORDER_CLAIM_LINK_HOURS } from "~/core/orders/order-claim";
import { useShopName } from "./shop-name";
import { Greeting } from "./parts";
import type { MailTemplate } from "./render.server";

export interface OrderClaimMailFacts {
  customerName: string;
  /** The absolute link with the token. */
  link: string;
  /** The guest orders the link would add (number, date, total), to recognise them. */
  orders: { number: string; createdAt: Date; total: number }[];
}

function OrderClaimVerify({ customerName, link, orders }: OrderClaimMailFacts) {
  const shopName = useShopName();
  return (
    <>
      <Greeting name={customerName} />
      <p>{`いつも${shopName}をご利用いただきありがとうございます。会員登録前にこのメールアドレスでご購入いただいたご注文を、注文履歴に追加するお手続きを承りました。`}</p>
      <ul>
        {orders.map((order) => (
          <li key={order.number}>{`注文番号 ${order.number}（${formatDateJa(order.createdAt)}・${formatYen(order.total)}）`}</li>
        ))}
      </ul>
      <p>
        {`ログインした状態で、${ORDER_CLAIM_LINK_HOURS}時間以内に次のリンクを開いてください。`}
        <br />
        <a href={link}>{link}</a>
      </p>
      <p>このリンクは一度だけ使えます。お心当たりがない場合は、このメールを破棄してください（ご注文は追加されません）。</p>
    </>
  );
}

export function orderClaimVerifyMail(facts: OrderClaimMailFacts): MailTemplate {
  return { brand: "shop", subject: `ゲスト購入のご注文を注文履歴に追加するための確認`, body: <OrderClaimVerify {...facts} /> };
}
