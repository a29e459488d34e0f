/**
 * GET /crm/customer/media/{mediaId}/{m|xl}: a ticket attachment streamed from R2, only to the uploader
 * (before it is sent), the ticket's customer and staff; anyone else gets 404 (its existence is not told).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/web/account/auth.server";
import { methodNotAllowed } from "~/web/http.server";
import { idParam } from "~/web/input.server";
import { findViewableMedia } from "~/services/media.server";
import { mediaNotFound, mediaResponse } from "~/web/media.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (params.size !== "m" && params.size !== "xl") return mediaNotFound();
  const mediaId = idParam(params.mediaId, "画像ID");
  const user = await requireUser(request, context);
  const found = await findViewableMedia(context.db, mediaId, user);
  if (!found) return mediaNotFound();
  return (await mediaResponse(context.cloudflare.env.ATTACHMENTS, found, request)) ?? mediaNotFound();
}

export const action = () => methodNotAllowed("GET");
