/** 利用規約 (also the membership terms, shown at /user/memberAgreement from the same source). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LegalDocumentPage } from "~/components/legal/LegalDocumentView";
import { legalPageTitle } from "~/core/site/legal-document";
import { termsDocument } from "~/core/site/terms";
import { settingsInForce } from "~/web/settings/shop-settings.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: legalPageTitle("terms", shopNameOf(matches)) }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { document: termsDocument(await settingsInForce(context)) };
}

export default LegalDocumentPage;
