/**
 * The links to a staff reply's images in the customer's e-mail (issue 36): `/support/attachments/{id}?e=&s=`,
 * signed with the shop's secret and working without a login until they expire (ATTACHMENT_LINK_DAYS). Only
 * an image sent with a ticket message opens this way; an unsent upload or a review photo never does.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { daysAfter } from "~/core/dates";
import { ATTACHMENT_LINK_DAYS, attachmentLinkText } from "~/core/tickets/reply-mail";
import type { Database } from "~/db/client.server";
import { media } from "~/db/schema";
import { signText, verifySignedText } from "../signatures.server";

const ATTACHMENT_LINK_PATH = "/support/attachments";

/** Signed, absolute links to these images, and when they stop opening. */
export async function signedAttachmentUrls(origin: string, mediaIds: number[], secret: string, now: Date): Promise<{ urls: string[]; until: Date }> {
  const until = daysAfter(now, ATTACHMENT_LINK_DAYS);
  const urls = await Promise.all(
    mediaIds.map(async (mediaId) => {
      const query = new URLSearchParams({ e: String(until.getTime()), s: await signText(attachmentLinkText(mediaId, until.getTime()), secret) });
      return `${origin}${ATTACHMENT_LINK_PATH}/${mediaId}?${query}`;
    }),
  );
  return { urls, until };
}

export type AttachmentLinkOutcome = { ok: true; image: { r2Key: string; contentType: string } } | { ok: false; reason: "invalid" | "expired" };

/** The image a mailed link opens: its signature must be this image's and expiry's, and the expiry not past. */
export async function openAttachmentLink(
  db: Database,
  mediaId: number,
  link: { expiresAt: number; signature: string },
  secret: string,
  now: Date,
): Promise<AttachmentLinkOutcome> {
  if (!(await verifySignedText(attachmentLinkText(mediaId, link.expiresAt), link.signature, secret))) return { ok: false, reason: "invalid" };
  if (link.expiresAt <= now.getTime()) return { ok: false, reason: "expired" };
  const [image] = await db
    .select({ r2Key: media.r2Key, contentType: media.contentType })
    .from(media)
    .where(and(eq(media.id, mediaId), isNotNull(media.ticketMessageId)));
  return image ? { ok: true, image } : { ok: false, reason: "invalid" };
}
