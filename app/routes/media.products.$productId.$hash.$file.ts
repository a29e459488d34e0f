/**
 * GET /media/products/{productId}/{contentHash}/{s|m|l}.webp: one rendition of an uploaded product photo
 * (list thumbnail, product page, zoom) streamed from R2, cached for a year (the content hash in the URL
 * changes with the photo). Served to anyone, without a D1 read: product photos are public content, and the
 * hash cannot be guessed without the page that shows it — so a draft product's photos show in its editor
 * and preview. A deleted or replaced photo's objects are gone: 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/web/http.server";
import { productPhotoResponse } from "~/web/catalogue/product-images.server";

export const loader = ({ request, params, context }: LoaderFunctionArgs) => productPhotoResponse(request, context, params);

export const action = () => methodNotAllowed("GET");
