/** 利用規約 (also the membership terms, shown at /user/memberAgreement from the same source). */
import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalDocumentPage } from "~/components/legal/LegalDocumentView";
import { legalPageTitle } from "~/core/site/legal-document";
import { termsDocument } from "~/core/site/terms";

export const meta: MetaFunction = () => [{ title: legalPageTitle("terms") }];

export function loader() {
  return { document: termsDocument() };
}

export default LegalDocumentPage;
