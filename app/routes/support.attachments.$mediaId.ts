/**
 * GET /support/attachments/{mediaId}?e={expiry}&s={signature}: an image of a staff reply, opened from the
 * customer's e-mail without a login while the link is valid (app/services/tickets/attachment-links.server.ts).
 * A link that is not this image's answers the same 404 as an image that does not exist; an expired one says so.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as v from "valibot";
import { ATTACHMENT_LINK_EXPIRED } from "~/core/tickets/reply-mail";
import { openAttachmentLink } from "~/services/tickets/attachment-links.server";
import { methodNotAllowed } from "~/web/http.server";
import { idParam } from "~/web/input.server";
import { mediaNotFound, mediaResponse } from "~/web/media.server";

const LinkQuerySchema = v.object({ e: v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number)), s: v.string() });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const mediaId = idParam(params.mediaId, "画像ID");
  const query = v.safeParse(LinkQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return mediaNotFound();
  const link = { expiresAt: query.output.e, signature: query.output.s };
  const opened = await openAttachmentLink(context.db, mediaId, link, context.cloudflare.env.SESSION_SECRET, new Date());
  if (!opened.ok) {
    if (opened.reason === "invalid") return mediaNotFound();
    return new Response(ATTACHMENT_LINK_EXPIRED, { status: 410, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return (await mediaResponse(context.cloudflare.env.ATTACHMENTS, opened.image, request)) ?? mediaNotFound();
}

export const action = () => methodNotAllowed("GET");
