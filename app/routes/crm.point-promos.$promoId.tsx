/** /crm/point-promos/{id} (staff only): edit a ポイントキャンペーン, end it now or delete it. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PromotionPage, promotionReply } from "~/components/crm/promotions/PromotionPage";
import { island } from "~/components/island";
import { POINT_PROMO_PAGES } from "~/web/promotions/crm-promotions.server";
import { POINT_PROMOS_PATH } from "~/core/promotions/promotions";
import { shopNameOf } from "~/components/layout/page-title";

// The form's validation (Conform, Valibot) loads after the page; the server's form works meanwhile.
const PointPromoForm = island(() => import("~/components/crm/promotions/PromotionForms").then((module) => module.PointPromoForm));

export const meta: MetaFunction = ({ matches }) => [{ title: `ポイントキャンペーンの編集 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return POINT_PROMO_PAGES.editor(request, context, params.promoId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return POINT_PROMO_PAGES.edit(request, context, params.promoId);
}

export default function EditPointPromo() {
  const loaded = useLoaderData<typeof loader>();
  const { lastResult, refusal } = promotionReply(useActionData<typeof action>());
  return (
    <PromotionPage
      list={{ path: POINT_PROMOS_PATH, label: "ポイントキャンペーン" }}
      heading={loaded.values.title}
      state={loaded.state}
      notice={loaded.notice}
      refusal={refusal}
    >
      <div className="mt-4">
        {/* Keyed by the revision: after a save (or one refused as stale) the form starts from what is stored. */}
        <PointPromoForm key={loaded.revision} defaultValue={loaded.values} revision={loaded.revision} lastResult={lastResult} submitLabel="保存する" />
      </div>
    </PromotionPage>
  );
}
