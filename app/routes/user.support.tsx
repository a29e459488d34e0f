import { parseSubmission } from "~/web/form-submission.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as v from "valibot";
import { requireUser } from "~/web/account/auth.server";
import { CustomerTicketList } from "~/components/tickets/CustomerTicketList";
import { useMemo } from "react";
import { island } from "~/components/island";
import type { NewTicketFormData } from "~/components/tickets/NewTicketForm";
import { NewTicketSchema } from "~/core/tickets/ticket-forms";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import { readFormData, redirectWithNotice } from "~/web/http.server";
import { createTicket } from "~/services/tickets/ticket-messages.server";
import { loadSupportPage, type PastOrder, pastOrders } from "~/services/tickets/ticket-references.server";
import { IdOrNullSchema, IdSchema } from "~/core/validation";
import { parseInput, parseQuery } from "~/web/input.server";
import { keepAttachments, messageInputFrom, type KeptAttachments } from "~/web/tickets/tickets.server";
import { dispatchMail, mailFrame } from "~/web/mail/mail.server";
import { shopNameOf } from "~/components/layout/page-title";

// The form's code (Conform, Valibot, the attachment picker) loads after the page; the server's form works meanwhile.
const NewTicketForm = island(() => import("~/components/tickets/NewTicketForm").then((module) => module.NewTicketForm));
export const meta: MetaFunction = ({ matches }) => [{ title: `お問い合わせ | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

/** The form's own fields that the no-JS 「この注文の商品を表示」 GET carries back as its defaults. */
const typedText = v.optional(
  v.pipe(
    v.string(),
    v.transform((text) => text.slice(0, 5000)),
  ),
  "",
);
const SupportQuerySchema = v.object({
  category: typedText,
  trouble: typedText,
  reply_choice: typedText,
  orders_id: typedText,
  products_id: typedText,
  description: typedText,
  /** The order lines ticked; anything that is not an id is dropped. */
  details: v.pipe(
    v.array(v.string()),
    v.filterItems((value) => v.is(IdSchema, value)),
  ),
});

const OrderPickedSchema = v.object({ orders_id: IdOrNullSchema });

function pickedOrder(orders: PastOrder[], orderId: number | null): NewTicketFormData["picked"] {
  const order = orderId == null ? undefined : orders.find((candidate) => candidate.id === orderId);
  return order ? { orderId: order.id, lines: order.orderdetails } : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const { tickets, orders } = await loadSupportPage(context.db, user.id);
  const query = parseQuery(url, SupportQuerySchema, ["details"]);
  const defaults: Record<string, string | string[]> = Object.fromEntries(Object.entries(query).filter(([, value]) => value.length > 0));
  const form: NewTicketFormData = {
    // The form's `session`: a double submit of this render creates one ticket.
    session: String(Date.now()),
    customerId: user.id,
    orders: orders.map((order) => ({ id: order.id, number: order.number, date_created: order.date_created })),
    picked: pickedOrder(orders, parseQuery(url, OrderPickedSchema).orders_id),
    defaults,
  };
  return { tickets, form };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await readFormData(request);
  // The spec names the order lines details[]; the page's checkboxes send `details`.
  for (const value of form.getAll("details[]")) form.append("details", value);
  const submission = parseSubmission(form, { schema: NewTicketSchema });
  const input = messageInputFrom(form);
  const picked = async () => pickedOrder(await pastOrders(context.db, user.id), parseInput(OrderPickedSchema, form).orders_id);
  /** The form again with its messages and, once kept, its images (see keepAttachments). */
  const refuse = async (reply: ReturnType<typeof submission.reply>, status: number, images: KeptAttachments = { kept: [], refusal: null }) =>
    data({ reply, picked: await picked(), kept: images.kept, imagesError: images.refusal }, { status });
  if (!input) return refuse(submission.reply({ formErrors: [TICKET_TEXT.idInvalid], hideFields: ["file"] }), 400);
  // A refused form keeps its images: without JS they come with it, and a file input cannot be filled again.
  const keptImages = () => keepAttachments(context.db, context.cloudflare.env.ATTACHMENTS, user.id, input.attachments);
  if (submission.status !== "success") return refuse(submission.reply({ hideFields: ["file"] }), 400, await keptImages());
  const result = await createTicket(
    context.db,
    context.cloudflare.env.ATTACHMENTS,
    user,
    submission.value,
    input.attachments,
    await mailFrame(request, context),
  );
  if (!result.ok) {
    const onField = result.field === "orders_id" || result.field === "details" || result.field === "products_id";
    const reply = onField
      ? submission.reply({ fieldErrors: { [result.field]: [result.error] }, hideFields: ["file"] })
      : submission.reply({ formErrors: [result.error], hideFields: ["file"] });
    return refuse(reply, result.status, await keptImages());
  }
  dispatchMail(context, result.mailKeys);
  throw redirectWithNotice(`/user/support/${result.ticketId}`, "created");
}

export default function Support() {
  const { tickets, form } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // One object per loader or action answer: the form is an island, re-rendered only when its data changes.
  const ticketForm = useMemo(
    () => ({
      ...form,
      picked: actionData?.picked ?? form.picked,
      kept: actionData?.kept ?? [],
      imagesError: actionData?.imagesError ?? null,
    }),
    [form, actionData],
  );
  return (
    <div className="mx-auto max-w-2xl py-6">
      <h1 className="text-xl">お問い合わせ</h1>
      <CustomerTicketList tickets={tickets} />
      <section aria-labelledby="new-ticket-heading">
        <h2 id="new-ticket-heading" className="text-lg">
          新しいお問い合わせ
        </h2>
        <p className="text-sm text-gray-700">ご注文や商品、サイトについてのご質問をお送りください。カスタマーサービスより順次ご返信いたします。</p>
        <NewTicketForm data={ticketForm} lastResult={actionData?.reply ?? null} />
      </section>
    </div>
  );
}
