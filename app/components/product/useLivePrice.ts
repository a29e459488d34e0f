import { useFetcher } from "@remix-run/react";
import type { RefObject } from "react";
import type { PriceResult } from "~/core/pricing";
import type { ProductView } from "~/web/types/product";

const CALCULATE_ACTION = "/api/product/calculate";

/** Form fields for the calculate call (spec §7: p, v, q, o, c, subscribe). */
function calculationFields(form: HTMLFormElement, subscribe: boolean): FormData {
  const fields = new FormData(form);
  const body = new FormData();
  for (const name of ["p", "v", "c"]) {
    const value = fields.get(name);
    if (typeof value === "string" && value) body.set(name, value);
  }
  for (const [name, value] of fields.entries()) if (name.startsWith("o[") && value) body.append("o", value);
  body.set("q", String(fields.get(subscribe ? "sq" : "q") ?? "1"));
  if (subscribe) body.set("subscribe", "1");
  return body;
}

/**
 * The purchase form's price with JS: /api/product/calculate prices what is picked (and the subscription
 * box its own quantity) on every change; until then, and without JS, the price the page was loaded with.
 */
export function useLivePrice(view: ProductView, formRef: RefObject<HTMLFormElement>) {
  const calculation = useFetcher<PriceResult | 0>();
  const subscriptionCalculation = useFetcher<PriceResult | 0>();

  function recalculate() {
    const form = formRef.current;
    if (!form) return;
    calculation.submit(calculationFields(form, false), { method: "post", action: CALCULATE_ACTION });
    if (view.subscriptionOffered) {
      subscriptionCalculation.submit(calculationFields(form, true), { method: "post", action: CALCULATE_ACTION });
    }
  }

  return {
    price: calculation.data ? calculation.data : view.price,
    subscriptionPrice: subscriptionCalculation.data ? subscriptionCalculation.data : view.subscription,
    /** A call answered 0: the price could not be computed. */
    failed: calculation.data === 0 || subscriptionCalculation.data === 0,
    busy: calculation.state !== "idle",
    subscriptionBusy: subscriptionCalculation.state !== "idle",
    recalculate,
    /** Prices again only what was priced here already (the page's own price is fresh after a revalidation). */
    recalculateChanged() {
      if (calculation.data != null || subscriptionCalculation.data != null) recalculate();
    },
  };
}
