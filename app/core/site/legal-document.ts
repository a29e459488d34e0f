/**
 * The shop's legal and guide pages as data: each page's text is built in app/core from the shop settings
 * (app/core/settings/shop-settings.ts) and the business constants the checkout charges by, so a page can
 * never state another fee, limit or deadline than the one applied. One component renders any of them
 * (app/components/legal/LegalDocumentView.tsx). Pure.
 */

/** A piece of running text: plain, or a link (same-site paths, or an external page opening in a new tab). */
export type Inline = string | { href: string; text: string };
/** A paragraph or list item: one string, or text with links. */
export type Text = string | Inline[];

export type LegalBlock =
  | { kind: "paragraphs"; paragraphs: Text[] }
  | { kind: "list"; items: Text[] }
  /** Label/value rows (a two-column table on paper; stacked on a phone). */
  | { kind: "facts"; rows: { label: string; lines: Text[] }[] }
  | { kind: "table"; caption: string; head: string[]; rows: string[][] };

export interface LegalSection {
  /** The fragment other pages link to (/guide#returns). */
  id: string;
  title: string;
  blocks: LegalBlock[];
  sections?: LegalSection[];
}

export interface LegalDocument {
  title: string;
  lead?: Text[];
  sections: LegalSection[];
  /** 「2026年4月1日 制定」…, shown at the end. */
  history?: string[];
}

/** The pages, in the order the footer lists them. */
export const LEGAL_PAGES = {
  guide: { path: "/guide", title: "ご利用ガイド" },
  tokushoho: { path: "/legal/tokushoho", title: "特定商取引法に基づく表記" },
  privacy: { path: "/privacy", title: "プライバシーポリシー" },
  terms: { path: "/terms", title: "利用規約" },
} as const;

export type LegalPage = keyof typeof LEGAL_PAGES;

/** The page's <title>, with the shop's name in force. */
export function legalPageTitle(page: LegalPage, shopName: string): string {
  return `${LEGAL_PAGES[page].title} | ${shopName}`;
}

/** The fragment of the return and cancellation terms, on the 特定商取引法 page and in the guide. */
export const RETURNS_SECTION_ID = "returns";

export function link(href: string, text: string): Inline {
  return { href, text };
}

/** A link to one of the legal pages, by its title (optionally to a section of it). */
export function pageLink(page: LegalPage, fragment?: string, text?: string): Inline {
  const { path, title } = LEGAL_PAGES[page];
  return link(fragment ? `${path}#${fragment}` : path, text ?? title);
}
