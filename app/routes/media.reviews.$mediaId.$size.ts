/**
 * GET /media/reviews/{mediaId}/{m|xl}: a review photo (spec §3 Review gallery) streamed from R2, to
 * anyone while its review is published; otherwise 404 (its existence is not told).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/web/http.server";
import { idParam } from "~/web/input.server";
import { findReviewMedia } from "~/services/media.server";
import { mediaNotFound, mediaResponse } from "~/web/media.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (params.size !== "m" && params.size !== "xl") return mediaNotFound();
  const found = await findReviewMedia(context.db, idParam(params.mediaId, "画像ID"));
  if (!found) return mediaNotFound();
  return (await mediaResponse(context.cloudflare.env.ATTACHMENTS, found, request, "public")) ?? mediaNotFound();
}

export const action = () => methodNotAllowed("GET");
