/** プライバシーポリシー, with the 外部送信 notice and the retention rule. */
import type { MetaFunction } from "@remix-run/cloudflare";
import { LegalDocumentPage } from "~/components/legal/LegalDocumentView";
import { legalPageTitle } from "~/core/site/legal-document";
import { privacyPolicyDocument } from "~/core/account/privacy";

export const meta: MetaFunction = () => [{ title: legalPageTitle("privacy") }];

export function loader() {
  return { document: privacyPolicyDocument() };
}

export default LegalDocumentPage;
