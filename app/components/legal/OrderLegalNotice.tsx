import { LEGAL_PAGES, RETURNS_SECTION_ID } from "~/core/site/legal-document";
import { returnsSummary } from "~/core/returns/returns";

const LINKS = [
  { href: LEGAL_PAGES.tokushoho.path, text: LEGAL_PAGES.tokushoho.title },
  { href: `${LEGAL_PAGES.tokushoho.path}#${RETURNS_SECTION_ID}`, text: "返品・キャンセルについて" },
  { href: LEGAL_PAGES.privacy.path, text: LEGAL_PAGES.privacy.title },
];

/**
 * Beside 「注文を確定する」 (特定商取引法 §12の6, the final confirmation): that the button places the
 * order, the cancellation and return terms in short, and the full pages. The links open in a new tab, so
 * the order being typed (without JS too) stays as it is.
 */
export function OrderLegalNotice() {
  return (
    <div className="grid gap-1 text-xs text-gray-600" data-testid="order-legal-notice">
      <p className="m-0">「注文を確定する」を押すとご注文が確定します。</p>
      {returnsSummary().map((line) => (
        <p key={line} className="m-0">
          {line}
        </p>
      ))}
      <ul aria-label="ご注文前にご確認ください" className="m-0 flex list-none flex-wrap gap-x-3 p-0">
        {LINKS.map((link) => (
          <li key={link.href}>
            {/* Tall enough to tap on a phone (the text is small). */}
            <a href={link.href} target="_blank" rel="noopener noreferrer" className="inline-block py-1">
              {link.text}
              <span className="sr-only">（新しいタブで開きます）</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
