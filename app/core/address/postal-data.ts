/**
 * The YubinBango prefix files (spec §3 Postal lookup result, §7): one file per 3-digit prefix,
 * `{"1000001":[13,"千代田区","千代田",""]}`, read from KV, the origin or the network, and the lookup of
 * a 7-digit code in one. Shared by the server and the browser (loaded there with the first lookup).
 */
import { EMPTY_POSTAL_RESULT, isPostalCode, isPrefectureId, postalPrefix, prefectureName, type PostalLookupResult } from "~/core/address/postal";

/** One YubinBango entry: [region number 1–47, locality (市区町村), street (町域), extended (番地・建物)]. */
export type PostalEntry = [number, string, string, string];
/** A prefix file: entries keyed by the full 7 digits. */
export type PostalPrefixData = Record<string, PostalEntry>;

function isPostalEntry(value: unknown): value is PostalEntry {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    typeof value[0] === "number" &&
    isPrefectureId(value[0]) &&
    value.slice(1).every((text) => typeof text === "string")
  );
}

/**
 * A prefix file as read from KV, an origin or the network: a JSON object whose keys are 7 digits
 * starting with the prefix and whose values are entries. Anything else (a proxy's HTML error page,
 * a truncated file) is null, so it is never cached or used.
 */
export function parsePostalPrefixData(text: string, prefix: string): PostalPrefixData | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value == null || typeof value !== "object" || Array.isArray(value)) return null;
  for (const [code, entry] of Object.entries(value)) {
    if (!isPostalCode(code) || postalPrefix(code) !== prefix || !isPostalEntry(entry)) return null;
  }
  return value as PostalPrefixData;
}

/** The address of a 7-digit code in its prefix's data; an unknown code is the empty address. */
export function lookUpPostalCode(data: PostalPrefixData | null | undefined, code: string): PostalLookupResult {
  const entry = isPostalCode(code) && data ? data[code] : undefined;
  if (!entry || !Object.prototype.hasOwnProperty.call(data, code)) return EMPTY_POSTAL_RESULT;
  const [regionId, locality, street, extended] = entry;
  return { region_id: regionId, region: prefectureName(regionId), locality, street, extended };
}
