/**
 * Product photos over HTTP: the photo page of one product for staff (/crm/products/{id}/images) and for
 * its merchant (/merchant/products/{id}/images) — the same loader and action behind both thin routes — and
 * the public renditions (/media/products/{productId}/{hash}/{size}.webp). Every post is a plain multipart
 * form that ends in a redirect with a notice (PRG), so the page works the same without JS; a refused
 * post answers the page again with the message, nothing changed.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { PRODUCT_IMAGE_LIMIT } from "~/core/limits";
import { PhotoFormSchema } from "~/core/catalogue/product-image-forms";
import {
  CONTENT_HASH_PATTERN,
  PRODUCT_IMAGE_FORMAT,
  PRODUCT_IMAGE_TEXT,
  productImageKey,
  productImageSrc,
  productPhotosPath,
  renditionKey,
  servedSize,
} from "~/core/catalogue/product-images";
import {
  addProductPhotos,
  deleteProductPhoto,
  describeProductPhoto,
  loadPhotoEditor,
  moveProductPhoto,
  replaceProductPhoto,
  type PhotoChange,
  type PhotoRow,
} from "~/services/catalogue/product-images.server";
import { requireMerchantCatalogueEditor, requireStaffCatalogueEditor, type CatalogueEditor } from "../account/auth.server";
import { invariantResponse, readFormData, redirectWithNotice } from "../http.server";
import { fieldsOf, idParam, readInput, redirectedNotice } from "../input.server";
import { mediaNotFound, mediaResponse, uploadedFiles } from "../media.server";
import type { ProductPhotosActionData, ProductPhotosPageData, ProductPhotoView } from "../types/product-images";

/** Who the page is for: staff (/crm) or the product's merchant (/merchant). */
export type PhotoDesk = "staff" | "merchant";

const PRIVATE = { "Cache-Control": "private, no-store" } as const;

const NOTICES = {
  uploaded: PRODUCT_IMAGE_TEXT.uploaded,
  replaced: PRODUCT_IMAGE_TEXT.replaced,
  saved: PRODUCT_IMAGE_TEXT.saved,
  moved: PRODUCT_IMAGE_TEXT.moved,
  main: PRODUCT_IMAGE_TEXT.main,
  deleted: PRODUCT_IMAGE_TEXT.deleted,
} as const;

function requireEditor(desk: PhotoDesk, request: Request, context: AppLoadContext): Promise<CatalogueEditor> {
  return desk === "staff" ? requireStaffCatalogueEditor(request, context) : requireMerchantCatalogueEditor(request, context);
}

function photoView(photo: PhotoRow): ProductPhotoView {
  return {
    id: photo.id,
    alt: photo.alt,
    variationId: photo.variationId,
    thumbnail: productImageSrc(photo.url, "s"),
    zoom: productImageSrc(photo.url, "l"),
    width: photo.width,
    height: photo.height,
    uploaded: photo.r2Key != null,
  };
}

export async function loadProductPhotosPage(desk: PhotoDesk, request: Request, context: AppLoadContext, rawId: string | undefined) {
  const { scope } = await requireEditor(desk, request, context);
  const state = await loadPhotoEditor(context.db, scope, idParam(rawId, "商品ID"));
  invariantResponse(state, PRODUCT_IMAGE_TEXT.productNotFound, { status: 404 });
  const path = productPhotosPath(scope.kind, state.product.id);
  const page: ProductPhotosPageData = {
    product: { id: state.product.id, sku: state.product.sku, title: state.product.title, status: state.product.status },
    photos: state.photos.map(photoView),
    variations: state.variations,
    path,
    editorPath: path.replace(/\/images$/, ""),
    limit: PRODUCT_IMAGE_LIMIT,
    notice: redirectedNotice(request, NOTICES),
  };
  return data(page, { headers: PRIVATE });
}

const NOTICE_OF = { upload: "uploaded", replace: "replaced", describe: "saved", up: "moved", down: "moved", main: "main", delete: "deleted" } as const;

/** A post of the photo page (see PhotoFormSchema): done → back to the page with a notice (303); refused → the page with the message. */
export async function productPhotosAction(desk: PhotoDesk, request: Request, context: AppLoadContext, rawId: string | undefined) {
  const { scope } = await requireEditor(desk, request, context);
  const productId = idParam(rawId, "商品ID");
  const form = await readFormData(request);
  const typed = fieldsOf(form);
  const echo = { alt: typeof typed.alt === "string" ? typed.alt : "", mediaId: Number(typed.mediaId) || null };
  const read = readInput(PhotoFormSchema, form);
  if (!read.ok) {
    const field = read.field === "alt" || read.field === "variationId" ? read.field : null;
    return data<ProductPhotosActionData>({ error: read.error, field, ...echo }, { status: 400 });
  }
  const input = read.input;
  const { db } = context;
  const { ATTACHMENTS: bucket, IMAGES: images } = context.cloudflare.env;
  const files = uploadedFiles(form.getAll("file"));
  let result: PhotoChange;
  switch (input.intent) {
    case "upload":
      result = await addProductPhotos(db, { images, bucket }, scope, productId, { files, alt: input.alt, variationId: input.variationId });
      break;
    case "replace":
      result = files[0]
        ? await replaceProductPhoto(db, { images, bucket }, scope, productId, input.mediaId, files[0])
        : { ok: false, status: 400, error: PRODUCT_IMAGE_TEXT.noFile };
      break;
    case "describe":
      result = await describeProductPhoto(db, bucket, scope, productId, input.mediaId, { alt: input.alt, variationId: input.variationId });
      break;
    case "delete":
      result = await deleteProductPhoto(db, bucket, scope, productId, input.mediaId);
      break;
    default:
      result = await moveProductPhoto(db, bucket, scope, productId, input.mediaId, input.intent);
  }
  if (!result.ok) {
    // Another merchant's product (or one gone) is the same 404 as on the page itself.
    invariantResponse(result.error !== PRODUCT_IMAGE_TEXT.productNotFound, result.error, { status: 404 });
    const field = input.intent === "upload" || input.intent === "replace" ? "file" : null;
    return data<ProductPhotosActionData>({ error: result.error, field, ...echo }, { status: result.status });
  }
  throw redirectWithNotice(productPhotosPath(scope.kind, productId), NOTICE_OF[input.intent]);
}

/** GET /media/products/{productId}/{hash}/{s|m|l}.webp: the rendition from R2, cached for a year; 404 for anything else. */
export async function productPhotoResponse(request: Request, context: AppLoadContext, params: { productId?: string; hash?: string; file?: string }) {
  const size = servedSize(params.file ?? "");
  const hash = params.hash ?? "";
  if (!size || !/^[1-9]\d{0,9}$/.test(params.productId ?? "") || !CONTENT_HASH_PATTERN.test(hash)) return mediaNotFound();
  const found = { r2Key: renditionKey(productImageKey(Number(params.productId), hash), size), contentType: PRODUCT_IMAGE_FORMAT.contentType };
  return (await mediaResponse(context.cloudflare.env.ATTACHMENTS, found, request, "immutable")) ?? mediaNotFound();
}
