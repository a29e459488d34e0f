/** 特定商取引法に基づく表記: the seller and the terms of sale, from the settings and the checkout's own fees. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LegalDocumentPage } from "~/components/legal/LegalDocumentView";
import { legalPageTitle } from "~/core/site/legal-document";
import { tokushohoDocument } from "~/core/site/tokushoho";
import { loadMerchantShippingRates } from "~/services/site/shop-policies.server";

export const meta: MetaFunction = () => [{ title: legalPageTitle("tokushoho") }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { document: tokushohoDocument(await loadMerchantShippingRates(context.db)) };
}

export default LegalDocumentPage;
