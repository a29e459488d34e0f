/**
 * The postal-code lookup as the web layer uses it: the KV/origin dependencies of this request, and the
 * server-side 住所を検索 of a form posted without JS (the form data comes back filled in for the page to
 * re-render), plus the prefecture a saved form is completed with (app/services/address/postal.server.ts does the lookups).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { EMPTY_POSTAL_RESULT, normalizePostalInput, postalCodeToLookUp, type PostalLookupResult } from "~/core/address/postal";
import { lookUpAddress, POSTAL_UNAVAILABLE_MESSAGE, PostalOriginError, postalOriginFor, type PostalDeps } from "~/services/address/postal.server";

/** The KV cache and the prefix-file origin of this request's deployment. */
export function postalDepsFor(context: Pick<AppLoadContext, "cloudflare">, request: Request): PostalDeps {
  const { env } = context.cloudflare;
  return { kv: env.POSTAL_CACHE, origin: postalOriginFor(env, request.url) };
}

export type PostalFormLookup =
  | { status: "found"; address: PostalLookupResult; formData: FormData; message: string }
  | { status: "not_found" | "invalid" | "unavailable"; address: PostalLookupResult; formData: FormData; message: string };

export const POSTAL_LOOKUP_MESSAGES = {
  found: (address: PostalLookupResult) => `「${address.region}${address.locality}${address.street}」を入力しました。番地以降を入力してください。`,
  not_found: "この郵便番号の住所が見つかりませんでした。郵便番号をご確認ください。",
  invalid: "郵便番号は半角数字7桁で入力してください。",
  unavailable: POSTAL_UNAVAILABLE_MESSAGE,
} as const;

/**
 * The 住所を検索 submit of a form without JS: looks the form's postal code up and answers a copy of the
 * form data with prefecture, city and district (and address1 for a business's own code) filled in, for
 * the page to re-render its form with. Field names carry the form's prefix ("shipping." → shipping.city).
 * An unknown code empties the filled fields, as the JS lookup does.
 */
export async function lookUpPostalForm(deps: PostalDeps, form: FormData, prefix = ""): Promise<PostalFormLookup> {
  const name = (field: string) => `${prefix}${field}`;
  const formData = new FormData();
  for (const [key, value] of form.entries()) if (typeof value === "string" && key !== "intent") formData.append(key, value);
  const typed = normalizePostalInput(String(form.get(name("postal_code")) ?? ""));
  formData.set(name("postal_code"), typed);
  const code = postalCodeToLookUp(typed);
  if (!code) return { status: "invalid", address: EMPTY_POSTAL_RESULT, formData, message: POSTAL_LOOKUP_MESSAGES.invalid };
  let address: PostalLookupResult;
  try {
    address = await lookUpAddress(deps, code);
  } catch (error) {
    if (!(error instanceof PostalOriginError)) throw error;
    return { status: "unavailable", address: EMPTY_POSTAL_RESULT, formData, message: POSTAL_LOOKUP_MESSAGES.unavailable };
  }
  formData.set(name("prefecture"), address.region_id == null ? "" : String(address.region_id));
  formData.set(name("city"), address.locality);
  formData.set(name("district"), address.street);
  if (address.extended) formData.set(name("address1"), address.extended);
  if (address.region_id == null) {
    return { status: "not_found", address, formData, message: POSTAL_LOOKUP_MESSAGES.not_found };
  }
  return { status: "found", address, formData, message: POSTAL_LOOKUP_MESSAGES.found(address) };
}

/**
 * Fills a missing prefecture from the postal code before saving (a shopper without JS who typed the code
 * and skipped 住所を検索): prefecture is read-only, so it always comes from the code. Lookup failures
 * leave the fields as they are; the schema then asks for the prefecture.
 */
export async function completePrefecture(deps: PostalDeps, form: FormData, prefix = ""): Promise<FormData> {
  const prefecture = String(form.get(`${prefix}prefecture`) ?? "").trim();
  if (prefecture) return form;
  try {
    const address = await lookUpAddress(deps, String(form.get(`${prefix}postal_code`) ?? ""));
    if (address.region_id == null) return form;
    const completed = new FormData();
    for (const [key, value] of form.entries()) completed.append(key, value);
    completed.set(`${prefix}prefecture`, String(address.region_id));
    if (!String(form.get(`${prefix}city`) ?? "").trim()) completed.set(`${prefix}city`, address.locality);
    if (!String(form.get(`${prefix}district`) ?? "").trim()) completed.set(`${prefix}district`, address.street);
    return completed;
  } catch (error) {
    if (error instanceof PostalOriginError) return form;
    throw error;
  }
}
