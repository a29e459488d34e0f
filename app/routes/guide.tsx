/** ご利用ガイド: shipping fees (every merchant's too), payment, delivery, wrapping, points, returns, FAQ. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LegalDocumentPage } from "~/components/legal/LegalDocumentView";
import { shoppingGuideDocument } from "~/core/site/guide";
import { legalPageTitle } from "~/core/site/legal-document";
import { loadMerchantShippingRates } from "~/services/site/shop-policies.server";
import { settingsInForce } from "~/web/settings/shop-settings.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: legalPageTitle("guide", shopNameOf(matches)) }];

export async function loader({ context }: LoaderFunctionArgs) {
  const [rates, shop] = await Promise.all([loadMerchantShippingRates(context.db), settingsInForce(context)]);
  return { document: shoppingGuideDocument(rates, shop) };
}

export default LegalDocumentPage;
