/** Pieces every mail is made of, so the mails of one shop read alike. */
import { Fragment, type ReactNode } from "react";
import { useShopName } from "./shop-name";

/** 「山田 花子 様」 */
export function Greeting({ name }: { name: string }) {
  // Trimmed: a guest known only by a name or an address has no second name.
  return <p>{name.trim()} 様</p>;
}

/** The greeting with the shop's thanks, as a mail about an ongoing service opens. */
export function ThanksGreeting({ name }: { name: string }) {
  const shopName = useShopName();
  return (
    <>
      <Greeting name={name} />
      <p>いつも{shopName}をご利用いただきありがとうございます。</p>
    </>
  );
}

/** Items on lines of their own within one paragraph (label：value lists, addresses). */
export function Lines({ items }: { items: ReactNode[] }) {
  return (
    <p>
      {items.map((item, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {item}
        </Fragment>
      ))}
    </p>
  );
}
