import { getFormProps, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { NewTicketSchema, type NewTicketInput } from "~/core/tickets/ticket-forms";
import { TICKET_CATEGORIES } from "~/core/tickets/ticket-categories";
import { TICKET_TROUBLE_LABELS } from "~/core/tickets/tickets";
import type { MediaItem } from "~/web/types/media";
import type { PastOrder } from "~/web/types/tickets";
import { FormErrors } from "../forms/FormErrors";
import { useHydrated } from "../forms/useHydrated";
import { AttachmentField } from "../images/AttachmentField";
import { DescriptionField, ReplyChoiceField, RequiredSelect } from "./NewTicketFields";
import { TicketOrderFields } from "./TicketOrderFields";
import { useValibotForm } from "~/components/forms/useValibotForm";

export interface NewTicketFormData {
  session: string;
  customerId: number;
  orders: { id: number; number: string; date_created: string }[];
  /** Without JS: the lines of the order picked with 「この注文の商品を表示」 (a GET of this page). */
  picked: { orderId: number; lines: PastOrder["orderdetails"] } | null;
  defaults: Record<string, string | string[]>;
  /** After a refused post: the images kept for the next submit, and those to choose again. */
  kept?: MediaItem[];
  imagesError?: string | null;
}

/**
 * The new-ticket form (spec screen 4, §3 New ticket form, §5). One Valibot schema checks it in the browser
 * (nothing is sent while the description is empty) and on the server. With JS the order's lines come from
 * /crm/api/customers/past-orders/{customerId} and the product card from /crm/api/customers/load-product/{id};
 * without JS a GET button shows the chosen order's lines and a plain product select.
 */
export function NewTicketForm({ data, lastResult }: { data: NewTicketFormData; lastResult: SubmissionResult<string[]> | null }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useValibotForm<typeof NewTicketSchema, NewTicketInput>(NewTicketSchema, {
    id: "new-ticket",
    lastResult,
    defaultValue: data.defaults as DefaultValue<NewTicketInput>,
  });
  // After a refused post (no JS) the page shows what was sent; otherwise the loader's defaults.
  const sent = (lastResult?.initialValue ?? data.defaults) as Record<string, unknown>;
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/user/support") === true && navigation.formMethod === "POST";

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4" aria-labelledby="new-ticket-heading">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="session" value={data.session} />
      <input type="hidden" name="intent" value="create" />

      <RequiredSelect label="お問い合わせの種類" field={fields.category} options={TICKET_CATEGORIES} />
      <p className="m-0 -mt-2 text-xs text-gray-700">
        退会をご希望の場合は、<Link to="/user/withdraw">退会手続き</Link>のページからいつでもお手続きいただけます。
      </p>
      <RequiredSelect label="お困りの内容" field={fields.trouble} options={TICKET_TROUBLE_LABELS} />

      {data.orders.length > 0 ? (
        <TicketOrderFields orders={data.orders} customerId={data.customerId} picked={data.picked} sent={sent} hydrated={hydrated} fields={fields} />
      ) : null}

      <ReplyChoiceField field={fields.reply_choice} />
      <DescriptionField field={fields.description} />
      <AttachmentField kept={data.kept} error={data.imagesError} />

      <button type="submit" className="btn-primary justify-self-start" disabled={submitting}>
        {submitting ? "送信中…" : "送信する"}
      </button>
    </Form>
  );
}
