/**
 * The product photo page's posts (app/core/catalogue/product-images.ts has the rules): one Valibot schema the
 * server reads every form of the page with. Kept apart so the shop's components that only pick a photo's
 * size do not carry Valibot.
 */
import * as v from "valibot";
import { PRODUCT_IMAGE_ALT_MAX_LENGTH } from "../limits";
import { PRODUCT_IMAGE_TEXT } from "./product-images";
import { IdSchema, MALFORMED_INPUT_MESSAGE, optionalId, toSingleLine } from "../validation";

const AltSchema = v.pipe(
  v.optional(v.string(), ""),
  v.transform((text) => toSingleLine(text.normalize("NFC")).replace(/\s+/g, " ").trim()),
  v.nonEmpty(PRODUCT_IMAGE_TEXT.altRequired),
  v.maxLength(PRODUCT_IMAGE_ALT_MAX_LENGTH, PRODUCT_IMAGE_TEXT.altTooLong),
);
const VariationSchema = optionalId(PRODUCT_IMAGE_TEXT.variation);

/**
 * One post of the photo page (a plain multipart form, the same with or without JS): upload files
 * (`file`, several) with their alt text and variation; replace one photo's file; save a photo's alt text
 * and variation; move it up, down or to the front (main); delete it.
 */
export const PhotoFormSchema = v.variant(
  "intent",
  [
    v.object({ intent: v.literal("upload"), alt: AltSchema, variationId: VariationSchema }),
    v.object({ intent: v.literal("replace"), mediaId: IdSchema }),
    v.object({ intent: v.literal("describe"), mediaId: IdSchema, alt: AltSchema, variationId: VariationSchema }),
    v.object({ intent: v.picklist(["up", "down", "main", "delete"]), mediaId: IdSchema }),
  ],
  MALFORMED_INPUT_MESSAGE,
);
export type PhotoForm = v.InferOutput<typeof PhotoFormSchema>;
