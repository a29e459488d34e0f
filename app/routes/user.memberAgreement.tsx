/**
 * The spec's membership-terms URL (opened from registration in a new tab): the same document as /terms,
 * which search engines are told is the canonical address.
 */
import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { LegalDocumentPage } from "~/components/legal/LegalDocumentView";
import { LEGAL_PAGES, legalPageTitle } from "~/core/site/legal-document";
import { termsDocument } from "~/core/site/terms";

export const meta: MetaFunction = () => [{ title: legalPageTitle("terms") }];

export const links: LinksFunction = () => [{ rel: "canonical", href: LEGAL_PAGES.terms.path }];

export function loader() {
  return { document: termsDocument() };
}

export default LegalDocumentPage;
