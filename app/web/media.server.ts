/**
 * Images over HTTP: the files a form posted, and the answers of the image URLs (the image revalidated by
 * ETag, or the same 404 for an image that does not exist or may not be seen).
 */
import { MEDIA_TEXT } from "~/core/catalogue/images";

/** The files of a form field: real, non-empty uploads only (a file input left empty sends an empty part). */
export function uploadedFiles(values: FormDataEntryValue[]): File[] {
  return values.filter((value): value is File => typeof value !== "string" && value.size > 0);
}

/** The answer for an image that does not exist or may not be seen (the same, so existence is not told). */
export function mediaNotFound(): Response {
  return new Response(MEDIA_TEXT.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

const CACHE_CONTROL = {
  private: "private, max-age=86400",
  public: "public, max-age=86400",
  // A product photo's URL carries its content hash: a changed photo is a new URL, so this one never changes.
  immutable: "public, max-age=31536000, immutable",
} as const;

/**
 * The image as a response, revalidated by ETag (the key never changes): private caching for ticket
 * attachments, shared caching for public review photos, a year for product photos (content-hashed URLs).
 */
export async function mediaResponse(
  bucket: R2Bucket,
  found: { r2Key: string; contentType: string },
  request: Request,
  cache: keyof typeof CACHE_CONTROL = "private",
): Promise<Response | null> {
  const object = await bucket.get(found.r2Key);
  if (!object) return null;
  const headers = new Headers({
    "Content-Type": found.contentType,
    "Cache-Control": CACHE_CONTROL[cache],
    ETag: object.httpEtag,
    "Content-Disposition": "inline",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (request.headers.get("If-None-Match") === object.httpEtag) {
    await object.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
