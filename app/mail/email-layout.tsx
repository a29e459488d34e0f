/**
 * The frame every e-mail (not the in-app お知らせ) is sent in: the shop's name above, and below the
 * seller's contact as 特定商取引法 asks of a mail-order business, plus the opt-out link an advertising
 * mail must carry (特定電子メール法). Links are absolute: a mail is read outside the shop.
 */
import type { ReactNode } from "react";
import type { ShopSettings } from "~/core/settings/shop-settings";
import { sellerRows } from "~/core/site/tokushoho";
import { Lines } from "./parts";
import { renderMail, type MailTemplate, type RenderedMail } from "./render.server";
import { ShopNameContext } from "./shop-name";

export interface EmailFrame {
  /** The shop's origin, e.g. https://hinata-ichiba.example.jp */
  origin: string;
  /** Present on advertising mail only. */
  unsubscribeUrl?: string | null;
  /** Where an answer to the mail goes (Reply-To) when it is a ticket's own address; absent: the support desk's (the sender adds it). */
  replyTo?: string | null;
  /** The shop settings in force when the mail is written: its name and the seller in the footer (decision 0057). */
  shop: ShopSettings;
}

/** The seller's rows a mail's footer repeats: who sells, and how to reach them. */
const FOOTER_ROWS = new Set(["販売業者", "所在地", "電話番号", "メールアドレス"]);

export function EmailLayout({ frame, children }: { frame: EmailFrame; children: ReactNode }) {
  return (
    <>
      <p>
        <strong>{frame.shop.shopName}</strong>
      </p>
      {children}
      <p>――――――――――――――――――――</p>
      <Lines
        items={[
          frame.shop.shopName,
          ...sellerRows(frame.shop)
            .filter((row) => FOOTER_ROWS.has(row.label))
            .map((row) => `${row.label}：${row.lines[0]}`),
          <a key="shop" href={`${frame.origin}/`}>
            {`${frame.origin}/`}
          </a>,
          <a key="law" href={`${frame.origin}/legal/tokushoho`}>
            特定商取引法に基づく表記
          </a>,
        ]}
      />
      {frame.unsubscribeUrl ? (
        <p>
          {"メールマガジンの配信停止はこちら："}
          <a href={frame.unsubscribeUrl}>{frame.unsubscribeUrl}</a>
        </p>
      ) : (
        <p>
          {frame.replyTo
            ? "このメールにそのままご返信いただくと、カスタマーサービスのお問い合わせ窓口に届きます。"
            : "ご不明な点は、このメールにご返信いただくか、上記の窓口までお問い合わせください。"}
        </p>
      )}
    </>
  );
}

/** The subject as an e-mail carries it: with the shop's name in force when the template asks for it. */
function emailSubject(template: MailTemplate, shopName: string): string {
  if (template.brand === "shop") return `【${shopName}】${template.subject}`;
  if (template.brand === "staff") return `【${shopName} 管理】${template.subject}`;
  return template.subject;
}

/** A template as an e-mail: inside the frame, with the shop's name in force in its subject and body, as HTML and the plain-text part. */
export function renderEmail(template: MailTemplate, frame: EmailFrame): RenderedMail {
  const body = (
    <ShopNameContext.Provider value={frame.shop.shopName}>
      <EmailLayout frame={frame}>{template.body}</EmailLayout>
    </ShopNameContext.Provider>
  );
  return renderMail({ subject: emailSubject(template, frame.shop.shopName), body });
}
