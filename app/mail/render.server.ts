/**
 * Every mail the shop writes is a React component (app/mail/*-mails.tsx) rendered here: React escapes
 * whatever a member or a merchant typed, so a mail can never carry their markup. The same rendering gives
 * the plain-text part an e-mail sends beside the HTML.
 */
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** A mail before rendering: its subject (plain text) and its body. */
export interface MailTemplate {
  subject: string;
  /**
   * The bracketed shop name an e-mail's subject starts with, written by renderEmail from the settings in
   * force: 【店名】 to customers and merchants, 【店名 管理】 to staff. An in-app お知らせ has none.
   */
  brand?: "shop" | "staff";
  body: ReactElement;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export function renderMail(template: MailTemplate): RenderedMail {
  const html = renderToStaticMarkup(template.body);
  return { subject: template.subject, html, text: mailHtmlToText(html) };
}

/** The five characters React escapes in text and attributes. */
const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&amp;": "&" };

/**
 * The plain-text reading of a mail's HTML, for the small set of elements mail templates use (p, br, h3,
 * ul/li, blockquote, a, strong): paragraphs apart, headings marked 「■」, list items 「・」, quotes 「> 」,
 * a link as its text with its address after it in brackets (a link that reads as its address, once).
 */
export function mailHtmlToText(html: string): string {
  return html
    .replace(/<blockquote>([\s\S]*?)<\/blockquote>/g, (_, quoted: string) => `${quoted.replace(/<br\/>/g, "\n").replace(/^/gm, "> ")}\n\n`)
    .replace(/<a href="([^"]*)">([\s\S]*?)<\/a>/g, (_, href: string, text: string) => (text === href ? href : `${text}（${href}）`))
    .replace(/<br\/>/g, "\n")
    .replace(/<h3>/g, "■ ")
    .replace(/<li>/g, "・")
    .replace(/<\/(p|h3|ul)>/g, "\n\n")
    .replace(/<\/li>/g, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(lt|gt|quot|#x27|amp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The links of a mail's HTML, as its reader sees them (text and address), in order. */
export function mailLinks(html: string): { text: string; href: string }[] {
  const decode = (value: string) => value.replace(/<[^>]*>/g, "").replace(/&(lt|gt|quot|#x27|amp);/g, (entity) => ENTITIES[entity] ?? entity);
  return [...html.matchAll(/<a href="([^"]*)">([\s\S]*?)<\/a>/g)].map((match) => ({ text: decode(match[2]!), href: decode(match[1]!) }));
}
