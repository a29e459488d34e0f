/**
 * Tickets as the web sees them: the message form's fields, the thread pages' form posts (one dispatcher
 * for the customer's and staff's pages, JS or not), and the thread page itself, the same for the customer
 * (/user/support/{id}) and staff (/crm/tickets/{id}): the loader's data and the action's answer; the routes
 * only say who is looking and where the page is.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { MEDIA_TEXT } from "~/core/catalogue/images";
import { ticketReplyAddress } from "~/core/tickets/reply-mail";
import { imagesToChooseAgain, ticketNoticeText, TICKET_TEXT } from "~/core/tickets/tickets";
import { LATEST_MESSAGE_ANCHOR, RESULT_ANCHOR } from "~/core/site/result-anchor";
import type { Database } from "~/db/client.server";
import { type Attachments, sendMessage } from "~/services/tickets/ticket-messages.server";
import type { ReplyMailContext } from "~/services/tickets/reply-mail.server";
import { dispatchMail } from "~/web/mail/mail.server";
import { answerTicketConfirmation, closeTicket, completeCallTask, reissueReplyAddress, requestConfirmation } from "~/services/tickets/ticket-status.server";
import { fail, loadThread, type TicketFailure, type TicketHead, type Viewer } from "~/services/tickets/tickets.server";
import { mergeTicket } from "~/services/tickets/ticket-merge.server";
import { MERGE_TEXT, mergeTargetId } from "~/core/tickets/ticket-merge";
import { assignTicket, releaseTicket, takeTicket } from "~/services/tickets/ticket-owners.server";
import { addNote } from "~/services/tickets/ticket-notes.server";
import { tagTicket, untagTicket } from "~/services/tickets/ticket-tags.server";
import { approveDraft, returnDraft, withdrawDraft } from "~/services/tickets/reply-drafts.server";
import { NOTE_MAX_LENGTH, NOTES_ANCHOR } from "~/core/tickets/ticket-notes";
import { atResult, invariantResponse, isNavigation, readFormData, withQueryParam } from "~/web/http.server";
import { idParam, parseInput, parseQuery, readInput } from "~/web/input.server";
import { IdSchema, MALFORMED_INPUT_MESSAGE, OptionalTextSchema, RevisionSchema, TextOrNullSchema } from "~/core/validation";
import { keepMessageImages, type MediaItem } from "~/services/media.server";
import { uploadedFiles } from "~/web/media.server";
import type { FilledTemplate, ThreadActionData } from "~/web/types/tickets";
import { fillTemplate, templateValues } from "~/core/tickets/reply-templates";
import type { ReplyTemplate } from "~/services/tickets/reply-templates.server";
import type { CustomerOrderSummary } from "~/services/orders/customer-orders.server";
import { settingsInForce } from "~/web/settings/shop-settings.server";
import type { ShopSettings } from "~/core/settings/shop-settings";

/**
 * A message form (the thread page or POST /crm/api/{module}/messages/send): `message`, the media ids of
 * images uploaded beforehand as `gallery[]` (or `gallery`), files sent with the form as `file`, and on
 * staff's page `seen`, the newest message the page showed. Null when an id is malformed.
 */
export function messageInputFrom(form: FormData): { message: string; attachments: Attachments; seenId: number | null } | null {
  const read = readInput(MessageFormSchema, form, MESSAGE_FORM_LISTS);
  if (!read.ok) return null;
  const { message, file, seen } = read.input;
  return { message, attachments: { galleryIds: [...read.input["gallery[]"], ...read.input.gallery], files: uploadedFiles(file) }, seenId: seen ?? null };
}

/** The images of a refused message form, kept (see keepAttachments). */
export interface KeptAttachments {
  /** What the form shows again (without JS: thumbnails and their ids in the form). */
  kept: MediaItem[];
  /** The files that could not be kept, to be chosen again; null when every one was. */
  refusal: string | null;
}

/**
 * The images of a refused message form, kept for its next submit: without JS the files come with the
 * form and would be dropped (a file input cannot be filled again). So each file becomes an unsent upload,
 * as the widget's images are with JS, and the form carries them back by id (`gallery[]`) with those it
 * already named. A file that cannot be kept (not an image, too large, one too many) is named, to be
 * chosen again.
 */
export async function keepAttachments(db: Database, bucket: R2Bucket, ownerId: number, attachments: Attachments): Promise<KeptAttachments> {
  if (attachments.files.length === 0 && attachments.galleryIds.length === 0) return { kept: [], refusal: null };
  const { named, stored, refused } = await keepMessageImages(db, bucket, ownerId, attachments);
  return { kept: [...named, ...stored], refusal: imagesToChooseAgain(refused) };
}

const MESSAGE_FORM_LISTS = ["gallery[]", "gallery", "file"];
const MessageFormSchema = v.object({
  message: OptionalTextSchema,
  "gallery[]": v.array(IdSchema),
  gallery: v.array(IdSchema),
  /** What is not an image file is dropped by uploadedFiles. */
  file: v.array(v.union([v.string(), v.file()])),
  /** Staff's page: the newest message it showed (0: none); a reply after a newer one from someone else is stopped. */
  seen: v.optional(RevisionSchema),
});

const PostedIntentSchema = v.object({ intent: TextOrNullSchema });

/** The thread pages' posts: send a message, and the status changes (the viewer's role decides which are theirs). */
const ThreadIntentSchema = v.variant("intent", [
  v.object({ intent: v.literal("send") }),
  v.object({ intent: v.literal("confirm"), answer: v.picklist(["resolved", "unresolved"]) }),
  v.object({ intent: v.literal("close") }),
  v.object({ intent: v.literal("request_confirmation") }),
  v.object({ intent: v.literal("call_done") }),
  v.object({ intent: v.literal("reissue_reply_address") }),
  v.object({ intent: v.literal("take") }),
  v.object({ intent: v.literal("assign"), owner: IdSchema }),
  v.object({ intent: v.literal("release") }),
  v.object({ intent: v.literal("note") }),
  v.object({ intent: v.literal("tag"), tag: OptionalTextSchema }),
  v.object({ intent: v.literal("untag"), tag: OptionalTextSchema }),
  v.object({ intent: v.literal("approve_draft"), draft: IdSchema, message: v.optional(OptionalTextSchema) }),
  v.object({ intent: v.literal("return_draft"), draft: IdSchema, comment: OptionalTextSchema }),
  v.object({ intent: v.literal("withdraw_draft"), draft: IdSchema }),
  v.object({ intent: v.literal("merge"), target: OptionalTextSchema }),
]);

/** A staff note: its text and the colleagues chosen to be told (more may be @mentioned in the text). */
const NoteFormSchema = v.object({ note: OptionalTextSchema, mention: v.array(IdSchema) });

export type ThreadIntentResult =
  /** `ticketId`: where the page is now (a merged ticket's is its target's). */
  | { ok: true; intent: string; notice: keyof typeof TICKET_TEXT; mailKey?: string | null; ticketId?: number }
  | (TicketFailure & { intent: string; message?: string; kept?: MediaItem[] });

/**
 * The thread pages' form posts (customer: send, confirm; staff: send, close, request_confirmation, call_done,
 * reissue_reply_address, take / assign / release for the ticket's owner, note, tag / untag and merge), so
 * both pages and their no-JS forms share one dispatcher.
 */
export async function threadIntent(
  db: Database,
  bucket: R2Bucket,
  viewer: Viewer,
  ticketId: number,
  form: FormData,
  mail: ReplyMailContext,
  now: Date = new Date(),
): Promise<ThreadIntentResult> {
  const read = readInput(ThreadIntentSchema, form);
  const intent = parseInput(PostedIntentSchema, form).intent ?? "";
  const unknown: ThreadIntentResult = { ok: false, status: 400, field: "ticket", error: MALFORMED_INPUT_MESSAGE, intent };
  if (!read.ok) return unknown;
  const input = read.input;
  switch (input.intent) {
    case "send": {
      const input = messageInputFrom(form);
      if (!input) return unknown;
      const result = await sendMessage(db, bucket, viewer, ticketId, input, mail, now);
      if (result.ok) return { ok: true, intent, notice: result.draftId != null ? "draftPending" : "sent", mailKey: result.mailKey };
      // A refused reply keeps its images for the next try (not one to a closed or unknown ticket): a reply
      // stopped because the ticket moved on too, and one stopped in its batch has them stored already.
      const keep = result.status === 400 || result.error === TICKET_TEXT.newerMessage;
      const kept = result.kept ?? (keep ? (await keepAttachments(db, bucket, viewer.id, input.attachments)).kept : []);
      return { ...result, intent, message: input.message.slice(0, 5000), kept };
    }
    case "confirm": {
      if (viewer.role !== "customer") return unknown;
      const result = await answerTicketConfirmation(db, viewer, ticketId, input.answer, mail, now);
      return result.ok ? { ok: true, intent, notice: "confirmationNotified", mailKey: result.mailKey } : { ...result, intent };
    }
    case "close": {
      if (viewer.role !== "staff") return unknown;
      const result = await closeTicket(db, viewer, ticketId, mail, now);
      return result.ok ? { ok: true, intent, notice: "closed", mailKey: result.mailKey } : { ...result, intent };
    }
    case "request_confirmation": {
      if (viewer.role !== "staff") return unknown;
      const result = await requestConfirmation(db, viewer, ticketId, now);
      return result.ok ? { ok: true, intent, notice: "confirmationRequested" } : { ...result, intent };
    }
    case "call_done": {
      if (viewer.role !== "staff") return unknown;
      const result = await completeCallTask(db, viewer, ticketId);
      return result.ok ? { ok: true, intent, notice: "callDone" } : { ...result, intent };
    }
    case "reissue_reply_address": {
      if (viewer.role !== "staff") return unknown;
      const result = await reissueReplyAddress(db, viewer, ticketId);
      return result.ok ? { ok: true, intent, notice: "replyAddressReissued" } : { ...result, intent };
    }
    case "take":
    case "assign":
    case "release": {
      if (viewer.role !== "staff") return unknown;
      const result =
        input.intent === "take"
          ? await takeTicket(db, viewer, ticketId)
          : input.intent === "assign"
            ? await assignTicket(db, viewer, ticketId, input.owner)
            : await releaseTicket(db, viewer, ticketId);
      const notice = ({ take: "ownerTaken", assign: "ownerAssigned", release: "ownerReleased" } as const)[input.intent];
      return result.ok ? { ok: true, intent, notice } : { ...result, intent };
    }
    case "tag":
    case "untag": {
      if (viewer.role !== "staff") return unknown;
      const result = input.intent === "tag" ? await tagTicket(db, viewer, ticketId, input.tag, now) : await untagTicket(db, viewer, ticketId, input.tag);
      return result.ok
        ? { ok: true, intent, notice: input.intent === "tag" ? "tagAdded" : "tagRemoved" }
        : { ...result, intent, message: input.tag.slice(0, 100) };
    }
    case "approve_draft":
    case "return_draft":
    case "withdraw_draft": {
      if (viewer.role !== "staff") return unknown;
      const result =
        input.intent === "approve_draft"
          ? await approveDraft(db, viewer, ticketId, input.draft, input.message ?? null, mail, now)
          : input.intent === "return_draft"
            ? await returnDraft(db, viewer, ticketId, input.draft, input.comment, now)
            : await withdrawDraft(db, viewer, ticketId, input.draft, now);
      const notice = ({ approve_draft: "draftApproved", return_draft: "draftReturned", withdraw_draft: "draftWithdrawn" } as const)[input.intent];
      return result.ok ? { ok: true, intent, notice, mailKey: result.mailKey } : { ...result, intent };
    }
    case "merge": {
      if (viewer.role !== "staff") return unknown;
      const targetId = mergeTargetId(input.target);
      const result = targetId == null ? fail(400, "merge", MERGE_TEXT.targetRequired) : await mergeTicket(db, viewer, ticketId, targetId, now);
      return result.ok ? { ok: true, intent, notice: "ticketMerged", ticketId: result.targetId } : { ...result, intent, message: input.target.slice(0, 20) };
    }
    case "note": {
      const note = readInput(NoteFormSchema, form, ["mention"]);
      if (viewer.role !== "staff" || !note.ok) return unknown;
      const result = await addNote(db, viewer, ticketId, { text: note.input.note, mention: note.input.mention }, now);
      return result.ok ? { ok: true, intent, notice: "noteAdded" } : { ...result, intent, message: note.input.note.slice(0, NOTE_MAX_LENGTH + 100) };
    }
  }
}

/** Where a staff reply's e-mail links point and answers go (issue 36): the shop's origin and support address. */
export async function replyMailContext(request: Request, context: AppLoadContext): Promise<ReplyMailContext> {
  const env = context.cloudflare.env;
  return { origin: new URL(request.url).origin, supportAddress: env.SUPPORT_ADDRESS, linkSecret: env.SESSION_SECRET, shop: await settingsInForce(context) };
}

/** The templates with this ticket's facts filled in: its customer, and the order it is about with its parcels. */
function filledTemplates(templates: ReplyTemplate[], ticket: TicketHead, customerOrders: CustomerOrderSummary[], shop: ShopSettings): FilledTemplate[] {
  const order = ticket.order ? customerOrders.find((summary) => summary.id === ticket.order?.id) : undefined;
  const values = templateValues(
    {
      customer: ticket.customer,
      order: ticket.order ? { number: ticket.order.number, parcels: order?.shipments ?? [] } : null,
    },
    shop,
  );
  return templates.map((template) => ({ id: template.id, title: template.title, text: fillTemplate(template.body, values) }));
}

/** The notice or error code the last post left in the thread page's URL (see ticketNoticeText). */
const ThreadQuerySchema = v.object({ notice: TextOrNullSchema, error: TextOrNullSchema, template: v.fallback(v.nullable(IdSchema), null) });

/**
 * The viewer's thread (404 when it is not theirs) with the notice or error the last action left in the URL;
 * for staff also the customer's recent orders, read in the thread's round trip. A merged ticket's page
 * (`pagePath`) leads to the ticket it was merged into, for staff and customer alike.
 */
export async function loadThreadPage(
  request: Request,
  context: AppLoadContext,
  viewer: Viewer,
  rawTicketId: string | undefined,
  pagePath: (ticketId: number) => string,
) {
  const [loaded, shop] = await Promise.all([
    loadThread(context.db, idParam(rawTicketId, "お問い合わせID"), viewer, { customerOrders: viewer.role === "staff" }),
    settingsInForce(context),
  ]);
  invariantResponse(loaded, TICKET_TEXT.ticketNotFound, { status: 404 });
  if (loaded.ticket.mergedIntoId != null) throw redirect(withQueryParam(pagePath(loaded.ticket.mergedIntoId), "notice", "mergedAway"));
  const { customerOrders, unreadRepliesAfter, replyToken, owners, notes, unreadNoticesAfter, templates, tags, due, drafts, mergeTargets, rating, ...thread } =
    loaded;
  const query = parseQuery(request, ThreadQuerySchema);
  const filled = templates ? filledTemplates(templates, thread.ticket, customerOrders, shop) : null;
  return {
    /** Staff only: who owns the ticket and the team to hand it to. */
    owners: owners ?? null,
    /** Staff only: the ticket's internal notes (never given to the customer's page). */
    notes: notes ?? null,
    /** Staff only: the ticket's tags and the tags in use (suggestions). */
    tags: tags ?? null,
    /** Staff only: the ticket's due times. */
    due: due ?? null,
    /** Staff only: the ticket's replies waiting for approval (and decided ones), and whether the viewer's own replies wait. */
    drafts: drafts ?? null,
    /** Staff only: the customer's other open tickets to merge this one into. */
    mergeTargets: mergeTargets ?? null,
    /** Staff only: the customer's answer to the satisfaction mail, if any (undefined: not read, for the customer's page). */
    rating: rating ?? null,
    /** Staff only: the reply templates filled for this ticket, and the one chosen without JS (`?template=`) as the reply's draft. */
    templates: filled,
    replyDraft: filled?.find((template) => template.id === query.template)?.text ?? null,
    thread,
    /** Staff only: where the customer's e-mail answers to this ticket go. */
    replyAddress: viewer.role === "staff" ? ticketReplyAddress(context.cloudflare.env.SUPPORT_ADDRESS, replyToken ?? null) : null,
    /** The header's counts after this page read the thread (the root's were read with the session, before it). */
    shellCounts: unreadRepliesAfter != null ? { unreadMessages: unreadRepliesAfter } : unreadNoticesAfter != null ? { staffNotices: unreadNoticesAfter } : null,
    /** Staff only (the customer's page gets none): the customer's recent orders and their parcels. */
    customerOrders,
    notice: ticketNoticeText(query.notice),
    error: ticketNoticeText(query.error, MEDIA_TEXT),
    renderedAt: Date.now(),
  };
}

/**
 * A reply, attachment or status change on the thread at `pagePath(ticketId)`: without JS it goes back
 * to the page (to the newest message after sending), with JS it answers the outcome for the fetcher.
 */
export async function threadPageAction(
  request: Request,
  context: AppLoadContext,
  viewer: Viewer,
  rawTicketId: string | undefined,
  pagePath: (ticketId: number) => string,
) {
  const ticketId = idParam(rawTicketId, "お問い合わせID");
  const form = await readFormData(request);
  const result = await threadIntent(context.db, context.cloudflare.env.ATTACHMENTS, viewer, ticketId, form, await replyMailContext(request, context));
  if (result.ok && result.mailKey) dispatchMail(context, [result.mailKey]);
  if (!result.ok) {
    invariantResponse(result.status !== 404, TICKET_TEXT.ticketNotFound, { status: 404 });
    return data<ThreadActionData>(
      { ok: false, intent: result.intent, field: result.field, error: result.error, message: result.message, kept: result.kept },
      { status: result.status },
    );
  }
  // A sent message is shown at the end of the thread (#latest); other notices at the top (#result). A merge
  // goes to the target's page, with JS too (the merged ticket's page would only lead there).
  if (isNavigation(request) || result.intent === "merge") {
    const back = withQueryParam(pagePath(result.ticketId ?? ticketId), "notice", result.notice);
    const anchor = result.intent === "send" ? LATEST_MESSAGE_ANCHOR : result.intent === "note" ? NOTES_ANCHOR : RESULT_ANCHOR;
    throw redirect(atResult(back, anchor), 303);
  }
  return data<ThreadActionData>({ ok: true, intent: result.intent });
}
