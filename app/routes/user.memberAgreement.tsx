/**
 * The spec's membership-terms URL (opened from registration in a new tab): the same document as /terms,
 * which search engines are told is the canonical address.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LegalDocumentPage } from "~/components/legal/LegalDocumentView";
import { LEGAL_PAGES, legalPageTitle } from "~/core/site/legal-document";
import { termsDocument } from "~/core/site/terms";
import { settingsInForce } from "~/web/settings/shop-settings.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: legalPageTitle("terms", shopNameOf(matches)) }];

export const links: LinksFunction = () => [{ rel: "canonical", href: LEGAL_PAGES.terms.path }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { document: termsDocument(await settingsInForce(context)) };
}

export default LegalDocumentPage;
