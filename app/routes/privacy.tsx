/** プライバシーポリシー, with the 外部送信 notice and the retention rule. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LegalDocumentPage } from "~/components/legal/LegalDocumentView";
import { legalPageTitle } from "~/core/site/legal-document";
import { privacyPolicyDocument } from "~/core/account/privacy";
import { settingsInForce } from "~/web/settings/shop-settings.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: legalPageTitle("privacy", shopNameOf(matches)) }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { document: privacyPolicyDocument(await settingsInForce(context)) };
}

export default LegalDocumentPage;
