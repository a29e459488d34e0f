import { useEffect, useState, type RefObject } from "react";
import type { PriceResult } from "~/core/catalogue/pricing";
import type { ProductView } from "~/web/types/product";
import { useShopFetcher } from "../connection/useShopFetcher";
import { changedBeforeHydration } from "../forms/changed-before-hydration";

const CALCULATE_ACTION = "/api/product/calculate";

/** The purchase form's fields that make its price (spec §7: p, v, q, o, c; `sq` the subscription's quantity). */
const PRICED_FIELD = /^(v|c|q|sq|o(\[\d+\])?)$/;

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

/** Whether the shopper changed what the price depends on before the form's code ran (see changedBeforeHydration). */
export function pricedFieldsChanged(form: HTMLFormElement): boolean {
  return [...form.elements].some((field) => PRICED_FIELD.test(field.getAttribute("name") ?? "") && changedBeforeHydration(field));
}

/**
 * The purchase form's price with JS: /api/product/calculate prices what is picked (and the subscription
 * box its own quantity) on every change; until then, and without JS, the price the page was loaded with.
 *
 * A change asks for a price once React has drawn it: what the change resets (a new variation sets the
 * quantity back to 1) is then in the form, so the price asked for is always that of what would be added.
 */
export function useLivePrice(view: ProductView, formRef: RefObject<HTMLFormElement>) {
  const calculation = useShopFetcher<PriceResult | 0>();
  const subscriptionCalculation = useShopFetcher<PriceResult | 0>();
  const [asked, setAsked] = useState(0);
  const { submit } = calculation;
  const { submit: submitSubscription } = subscriptionCalculation;

  useEffect(() => {
    const form = formRef.current;
    if (asked === 0 || !form) return;
    submit(calculationFields(form, false), { method: "post", action: CALCULATE_ACTION });
    if (view.subscriptionOffered) submitSubscription(calculationFields(form, true), { method: "post", action: CALCULATE_ACTION });
  }, [asked, formRef, submit, submitSubscription, view.subscriptionOffered]);

  const recalculate = () => setAsked((count) => count + 1);
  /** A call that failed (no connection) or answered 0 (the product cannot be priced). */
  const failed = calculation.data === 0 || subscriptionCalculation.data === 0 || calculation.failed || subscriptionCalculation.failed;
  return {
    price: calculation.data ? calculation.data : view.price,
    subscriptionPrice: subscriptionCalculation.data ? subscriptionCalculation.data : view.subscription,
    failed,
    /** The failed call got no answer (no connection): it can simply be tried again. */
    connectionFailed: calculation.failed || subscriptionCalculation.failed,
    /** The shown price is not that of what is picked: being asked for, or its call failed. */
    busy: calculation.state !== "idle" || failed,
    subscriptionBusy: subscriptionCalculation.state !== "idle" || failed,
    recalculate,
    /** Prices again only what was priced here already (the page's own price is fresh after a revalidation). */
    recalculateChanged() {
      if (calculation.data != null || subscriptionCalculation.data != null || failed) recalculate();
    },
  };
}
