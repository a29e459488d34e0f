/** A restock request answered (spec §1 "request a restock of sold-out items"). */
import { Greeting } from "./parts";
import type { MailTemplate } from "./render.server";

interface RestockProps {
  name: string;
  product: { title: string; url: string };
}

function Restocked({ name, product }: RestockProps) {
  return (
    <>
      <Greeting name={name} />
      <p>再入荷のお知らせをご希望いただいた商品が入荷しました。</p>
      <ul>
        <li>
          <a href={product.url}>{product.title}</a>
        </li>
      </ul>
      <p>数に限りがございますので、お早めにお買い求めください。</p>
    </>
  );
}

export function restockMail(props: RestockProps): MailTemplate {
  return { subject: `【再入荷のお知らせ】「${props.product.title}」が再入荷しました`, body: <Restocked {...props} /> };
}
