/** ご利用ガイド: shipping fees (every merchant's too), payment, delivery, wrapping, points, returns, FAQ. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LegalDocumentPage } from "~/components/legal/LegalDocumentView";
import { shoppingGuideDocument } from "~/core/site/guide";
import { legalPageTitle } from "~/core/site/legal-document";
import { loadMerchantShippingRates } from "~/services/site/shop-policies.server";

export const meta: MetaFunction = () => [{ title: legalPageTitle("guide") }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { document: shoppingGuideDocument(await loadMerchantShippingRates(context.db)) };
}

export default LegalDocumentPage;
