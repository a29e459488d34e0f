/** 特定商取引法に基づく表記: the seller and the terms of sale, from the settings and the checkout's own fees. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LegalDocumentPage } from "~/components/legal/LegalDocumentView";
import { legalPageTitle } from "~/core/site/legal-document";
import { tokushohoDocument } from "~/core/site/tokushoho";
import { loadMerchantShippingRates } from "~/services/site/shop-policies.server";
import { settingsInForce } from "~/web/settings/shop-settings.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: legalPageTitle("tokushoho", shopNameOf(matches)) }];

export async function loader({ context }: LoaderFunctionArgs) {
  const [rates, shop] = await Promise.all([loadMerchantShippingRates(context.db), settingsInForce(context)]);
  return { document: tokushohoDocument(rates, shop) };
}

export default LegalDocumentPage;
