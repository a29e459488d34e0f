/** The newsletter as staff wrote it (/crm/newsletter), to one member; the frame adds the unsubscribe link. */
import { newsletterParagraphs } from "~/core/mail/newsletter-issue";
import { ThanksGreeting, Lines } from "./parts";
import type { MailTemplate } from "./render.server";

function Newsletter({ name, body }: { name: string; body: string }) {
  return (
    <>
      <ThanksGreeting name={name} />
      {newsletterParagraphs(body).map((lines, index) => (
        <Lines key={index} items={lines} />
      ))}
      <p>このメールは、メールマガジンの配信を希望された会員の方にお送りしています。</p>
    </>
  );
}

export function newsletterMail(issue: { subject: string; body: string }, name: string): MailTemplate {
  return { brand: "shop", subject: `${issue.subject}`, body: <Newsletter name={name} body={issue.body} /> };
}
