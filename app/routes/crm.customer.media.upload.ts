/**
 * POST /crm/customer/media/upload (spec §7; the image widget's url): multipart with one image under the
 * field `file`. The bytes must be a JPEG, PNG, WebP or GIF (the name and declared type are ignored) of at
 * most MEDIA_MAX_BYTES. Answer (200): the media item { id, ext, folder, filename, thumbnail_m,
 * thumbnail_xl, width, height }; it is attached when sent with a message as gallery[]. Errors: 400 (no
 * file / several), 409 (too many unsent uploads), 413 (too large), 415 (not an image), 401 (guest).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as v from "valibot";
import { invariantJson, methodNotAllowed, readApiFormData, requireApiUser, requirePost } from "~/web/http.server";
import { parseInput } from "~/web/input.server";
import { MEDIA_TEXT, storeImage } from "~/services/media.server";
import { uploadedFiles } from "~/web/media.server";

/** `file`: the image; what is not an image file is dropped by uploadedFiles. */
const UploadSchema = v.object({ file: v.array(v.union([v.string(), v.file()])) });

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const user = await requireApiUser(request, context, "/user/support");
  const files = uploadedFiles(parseInput(UploadSchema, await readApiFormData(request), ["file"]).file);
  const [file] = files;
  invariantJson(file, MEDIA_TEXT.noFile);
  invariantJson(files.length === 1, MEDIA_TEXT.oneFileOnly);
  const result = await storeImage(context.db, context.cloudflare.env.ATTACHMENTS, user.id, file);
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json(result.item);
}
