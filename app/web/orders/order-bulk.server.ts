/**
 * The order desk's bulk actions over HTTP (issue 38 item 4), with or without JS: the list's selection is a
 * GET form to /crm/orders/bulk, whose page is the dry run (nothing changes); its form posts either a
 * tracking file to fill the numbers in (answered with the form again, nothing changed) or the apply,
 * answered with a redirect to /crm/orders/bulk/result, whose URL carries each target's outcome (PRG).
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { CARRIER_ORDER, CARRIERS, isCarrier, parseTrackingNumber } from "~/core/orders/carriers";
import {
  BULK_CHANGES,
  BULK_INTENT_LABELS,
  BULK_INTENTS,
  BULK_MAX_ORDERS,
  BULK_REFUSALS,
  BULK_TEXT,
  bulkOutcomeText,
  bulkRefusal,
  bulkResultParam,
  bulkTargetKey,
  bulkTargetShipments,
  readBulkResultParam,
  readBulkTargetKey,
  type BulkIntent,
} from "~/core/orders/order-bulk";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import { ORDER_STATUS_LABELS, SHIPMENT_STATUS_LABELS } from "~/core/orders/orders";
import { shipmentSender } from "~/core/orders/shipment-tracking";
import { readTrackingCsv, TRACKING_IMPORT_LIMITS, TRACKING_IMPORT_MESSAGES } from "~/core/orders/tracking-import";
import { PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { decodeJapaneseText } from "~/core/text-encoding";
import { FlagSchema, IdSchema, ReturnPathSchema } from "~/core/validation";
import { applyBulk, loadBulkOrders, type BulkOrder, type BulkTarget } from "~/services/orders/order-bulk.server";
import type { SessionUser } from "~/services/account/sessions.server";
import { orderActorOf } from "../account/auth.server";
import { readFormData } from "../http.server";
import { parseQuery, readInput } from "../input.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";
import type { BulkActionData, BulkPreviewData, BulkPreviewOrder, BulkResultData } from "../types/order-bulk";

export const BULK_PATH = `${ORDER_DESK_PATH}/bulk`;
export const BULK_RESULT_PATH = `${BULK_PATH}/result`;

/** The filtered list to go back to: a path of the desk's list, else the list itself. */
const BackSchema = v.pipe(
  ReturnPathSchema,
  v.transform((path) => (path != null && (path === ORDER_DESK_PATH || path.startsWith(`${ORDER_DESK_PATH}?`)) ? path : ORDER_DESK_PATH)),
);

/** The list's bulk form: the action, the ticked orders, or every order of the page shown (`all`). */
const SelectionSchema = v.object({
  intent: v.fallback(v.nullable(v.picklist(BULK_INTENTS)), null),
  order: v.array(v.string()),
  page_order: v.array(v.string()),
  all: v.fallback(FlagSchema, null),
  back: BackSchema,
});

type Selection = { ok: true; intent: BulkIntent; ids: number[] } | { ok: false; intent: BulkIntent | null; error: string };

function readSelection(url: URL): Selection & { back: string } {
  const query = parseQuery(url, SelectionSchema, ["order", "page_order"]);
  const back = query.back;
  const typed = query.all ? query.page_order : query.order;
  const ids = typed.map((id) => v.safeParse(IdSchema, id));
  if (!query.intent) return { ok: false, intent: null, error: BULK_TEXT.noIntent, back };
  if (ids.some((id) => !id.success)) return { ok: false, intent: query.intent, error: BULK_TEXT.badId, back };
  const unique = [...new Set(ids.map((id) => id.output as number))];
  if (unique.length === 0) return { ok: false, intent: query.intent, error: BULK_TEXT.noSelection, back };
  if (unique.length > BULK_MAX_ORDERS) return { ok: false, intent: query.intent, error: BULK_TEXT.tooMany, back };
  return { ok: true, intent: query.intent, ids: unique, back };
}

/** Each selected id as the dry run shows it: its targets with what will change, or why not (an unknown id is one refused row). */
function previewOrders(intent: BulkIntent, ids: readonly number[], found: readonly BulkOrder[]): BulkPreviewOrder[] {
  return ids.map((id) => {
    const order = found.find((candidate) => candidate.id === id);
    if (!order) {
      const target = { key: bulkTargetKey(id, null), shipmentId: null, sender: null, shipmentStatusLabel: null, tracking: null, change: null };
      return { orderId: id, number: null, customerName: "", statusLabel: "", paymentLabel: "", targets: [{ ...target, refusal: BULK_REFUSALS.notFound }] };
    }
    return {
      orderId: id,
      number: order.number,
      customerName: order.customerName,
      statusLabel: ORDER_STATUS_LABELS[order.status],
      paymentLabel: PAYMENT_METHODS[order.paymentMethod].label,
      targets: bulkTargetShipments(intent, order).map((shipmentId) => {
        const shipment = order.shipments.find((candidate) => candidate.id === shipmentId) ?? null;
        const refusal = bulkRefusal(intent, order, shipmentId);
        return {
          key: bulkTargetKey(id, shipmentId),
          shipmentId,
          sender: shipment && intent !== "confirm_payment" ? shipmentSender(shipment) : null,
          shipmentStatusLabel: shipment && intent !== "confirm_payment" ? SHIPMENT_STATUS_LABELS[shipment.status] : null,
          tracking:
            shipment?.trackingNumber && isCarrier(shipment.carrier) && intent === "resend_shipment_mail"
              ? `${CARRIERS[shipment.carrier].label} ${shipment.trackingNumber}`
              : null,
          change: refusal ? null : BULK_CHANGES[intent].planned,
          refusal: refusal ? BULK_REFUSALS[refusal] : null,
        };
      }),
    };
  });
}

async function preview(context: AppLoadContext, url: URL): Promise<{ data: BulkPreviewData; status: 200 | 400 }> {
  const selection = readSelection(url);
  const base = { run: crypto.randomUUID(), backHref: selection.back, intentLabel: selection.intent ? BULK_INTENT_LABELS[selection.intent] : "" };
  if (!selection.ok) return { data: { ...base, intent: selection.intent, orders: [], applicable: 0, error: selection.error }, status: 400 };
  const orders = previewOrders(selection.intent, selection.ids, await loadBulkOrders(context.db, selection.ids));
  const applicable = orders.flatMap((order) => order.targets).filter((target) => target.refusal == null).length;
  return { data: { ...base, intent: selection.intent, orders, applicable, error: null }, status: 200 };
}

/** The dry run: what the selection's action would change, order by order; nothing is changed. */
export async function orderBulkPage(request: Request, context: AppLoadContext) {
  const { data: page, status } = await preview(context, new URL(request.url));
  return data(page, { status, headers: { "Cache-Control": "private, no-store" } });
}

const RUN_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ApplySchema = v.object({
  intent: v.picklist(BULK_INTENTS, BULK_TEXT.noIntent),
  run: v.pipe(v.string(BULK_TEXT.staleRun), v.regex(RUN_PATTERN, BULK_TEXT.staleRun)),
  step: v.picklist(["apply", "fill"]),
  target: v.array(v.pipe(v.string(), v.regex(/^\d{1,9}\.\d{1,9}$/))),
});

const ShippingSchema = v.object({
  carrier: v.picklist(CARRIER_ORDER, "配送業者を選んでください。"),
  tracking: v.pipe(v.string(), v.maxLength(40, "お問い合わせ番号が長すぎます。")),
});

/** The carriers and numbers as posted, to show the form again as it was. */
function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (/^(carrier|tracking)_\d{1,9}\.\d{1,9}$/.test(name) && typeof value === "string") values[name] = value.slice(0, 40);
  }
  return values;
}

function again(fields: Partial<BulkActionData>, status: 200 | 400 | 413 = 400) {
  const answer: BulkActionData = { error: null, fieldErrors: {}, values: {}, checked: [], note: null, ...fields };
  return data(answer, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** The targets to apply, each with its carrier and number read (shipping); or each field's message. */
function readTargets(
  intent: BulkIntent,
  keys: readonly string[],
  form: FormData,
): { ok: true; targets: BulkTarget[] } | { ok: false; fieldErrors: Record<string, string> } {
  const fieldErrors: Record<string, string> = {};
  const targets: BulkTarget[] = [];
  for (const key of new Set(keys)) {
    const target = readBulkTargetKey(key)!;
    if (intent !== "ship") {
      targets.push(target);
      continue;
    }
    const typed = v.safeParse(ShippingSchema, { carrier: form.get(`carrier_${key}`) ?? undefined, tracking: form.get(`tracking_${key}`) ?? "" });
    if (!typed.success) {
      fieldErrors[key] = typed.issues[0].message;
      continue;
    }
    const tracking = parseTrackingNumber(typed.output.carrier, typed.output.tracking);
    if (!tracking.ok) fieldErrors[key] = tracking.error;
    else targets.push({ ...target, shipping: { carrier: typed.output.carrier, trackingNumber: tracking.value } });
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, targets };
}

/** A tracking file (the B2 export of printed slips, or our simple layout) read into the dry run's number fields. */
async function fillFromFile(context: AppLoadContext, url: URL, form: FormData, checked: string[]) {
  const values = typedValues(form);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return again({ error: TRACKING_IMPORT_MESSAGES.noFile, values, checked });
  if (file.size > TRACKING_IMPORT_LIMITS.maxBytes) return again({ error: TRACKING_IMPORT_MESSAGES.tooLarge, values, checked }, 413);
  const read = readTrackingCsv(decodeJapaneseText(new Uint8Array(await file.arrayBuffer())));
  if (!read.ok) return again({ error: read.error, values, checked });
  const { data: page } = await preview(context, url);
  const open = page.orders.flatMap((order) => order.targets.filter((target) => target.refusal == null).map((target) => ({ order, target })));
  let filled = 0;
  for (const row of read.rows) {
    const reference = row.reference;
    if (row.problem || !reference) continue;
    const matches = open.filter(({ order, target }) =>
      reference.kind === "shipment" ? target.shipmentId === reference.id : order.number === reference.number,
    );
    // An order number names a parcel only when the order has one waiting (as the tracking import reads it).
    if (matches.length !== 1) continue;
    const key = matches[0]!.target.key;
    values[`carrier_${key}`] = row.carrier;
    values[`tracking_${key}`] = row.trackingNumber;
    filled++;
  }
  const note = filled > 0 ? `CSVから${filled}件のお問い合わせ番号を入力しました。内容を確かめて「適用する」を押してください。` : BULK_TEXT.fileNoMatch;
  return again({ values, checked, note }, 200);
}

/**
 * The dry run's form: `step=fill` reads a tracking file into it; `step=apply` applies the ticked targets
 * (each its own change) and redirects to their results. Malformed input or a wrong tracking number
 * changes nothing and shows the form again with the message at its field.
 */
export async function orderBulkAction(request: Request, context: AppLoadContext, staff: SessionUser, now: Date = new Date()) {
  const url = new URL(request.url);
  const form = await readFormData(request);
  const posted = readInput(ApplySchema, form, ["target"]);
  if (!posted.ok) return again({ error: posted.error, values: typedValues(form), checked: form.getAll("target").map(String) });
  const { intent, run, step, target: keys } = posted.input;
  if (step === "fill") return fillFromFile(context, url, form, keys);
  if (keys.length === 0) return again({ error: BULK_TEXT.noTarget, values: typedValues(form) });
  if (new Set(keys.map((key) => readBulkTargetKey(key)!.orderId)).size > BULK_MAX_ORDERS)
    return again({ error: BULK_TEXT.tooMany, values: typedValues(form), checked: keys });
  const read = readTargets(intent, keys, form);
  if (!read.ok) return again({ error: BULK_TEXT.fixTracking, fieldErrors: read.fieldErrors, values: typedValues(form), checked: keys });
  const { results, mailKeys } = await applyBulk(context.db, read.targets, {
    intent,
    run,
    actor: orderActorOf(staff),
    frame: await mailFrame(request, context),
    now,
  });
  dispatchMail(context, mailKeys);
  const back = parseQuery(url, v.object({ back: BackSchema })).back;
  const params = new URLSearchParams([["intent", intent], ...results.map((result): [string, string] => ["r", bulkResultParam(result)]), ["back", back]]);
  throw redirect(`${BULK_RESULT_PATH}?${params}`, 303);
}

const ResultSchema = v.object({
  intent: v.fallback(v.picklist(BULK_INTENTS), "confirm_payment"),
  r: v.array(v.string()),
  back: BackSchema,
});

/** The results page: each target's outcome as the apply's redirect wrote it, with the order's number and the parcel's sender. */
export async function orderBulkResultPage(request: Request, context: AppLoadContext): Promise<BulkResultData> {
  const query = parseQuery(request, ResultSchema, ["r"]);
  const entries = query.r.flatMap((value) => readBulkResultParam(value) ?? []).slice(0, BULK_MAX_ORDERS * 4);
  const found = await loadBulkOrders(context.db, [...new Set(entries.map((entry) => entry.orderId))]);
  const rows = entries.map((entry) => {
    const order = found.find((candidate) => candidate.id === entry.orderId);
    const shipment = order?.shipments.find((candidate) => candidate.id === entry.shipmentId);
    return {
      orderId: entry.orderId,
      number: order?.number ?? null,
      sender: shipment ? shipmentSender(shipment) : null,
      done: entry.outcome === "done",
      message: bulkOutcomeText(query.intent, entry.outcome),
    };
  });
  const doneCount = rows.filter((row) => row.done).length;
  return { intentLabel: BULK_INTENT_LABELS[query.intent], rows, doneCount, refusedCount: rows.length - doneCount, backHref: query.back };
}
