/**
 * /crm/orders/{id}/edit over HTTP (staff only; issue 38 item 1): the order's delivery and lines as its forms
 * show them, and their posts — the address (the shop's address form), the wished date/slot, the lines — each a
 * plain form naming the order's version its page showed, answered with a redirect back and a notice (PRG, with
 * or without JS), or with its refusal at its form (409: the order moved on, stock short, another edit won).
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { LinesFormSchema } from "~/core/orders/order-edit-forms";
import { ORDER_EDIT_INTENTS } from "~/core/orders/order-edit-intents";
import { deliveryEditRefusal, lineEditRefusal, linesEditRefusal, orderAmountRows, refundableTotal, settlementLabel } from "~/core/orders/order-edits";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import { ORDER_STATUS_LABELS } from "~/core/orders/orders";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import type { SessionUser } from "~/services/account/sessions.server";
import { loadOrderState } from "~/services/orders/order-changes.server";
import { loadOrderEditFacts } from "~/services/orders/order-edit-facts.server";
import { editOrderLines } from "~/services/orders/order-edit-lines.server";
import { editOrderDelivery, loadOrderEdits, type OrderEditResult } from "~/services/orders/order-edits.server";
import { orderActorOf } from "../account/auth.server";
import { badRequest, invariantResponse, readFormData, redirectWithNotice } from "../http.server";
import { idParam, readInput, redirectedNotice } from "../input.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";
import { purgeOrderedProductPages } from "../site/edge-cache.server";
import type { OrderEditPageData } from "../types/order-edits";
import type { DeskOrderEdits } from "../types/crm-orders";
import { formatDateTime } from "~/core/dates";
import { deliveryFormData, isAddressPost, postedIntent, readDeliveryPost, refusedAt } from "./order-delivery-change.server";

export const ORDER_EDIT_NOTICES = {
  delivery: "お届け先・お届け日時を変更しました。お客様に「ご注文内容変更のお知らせ」をお送りしました。",
  lines: "ご注文の商品を変更しました。金額を再計算し、お客様に「ご注文内容変更のお知らせ」をお送りしました。",
} as const;

export const orderEditPath = (orderId: number) => `${ORDER_DESK_PATH}/${orderId}/edit`;

const NOT_FOUND = "ご注文が見つかりません。";

export async function loadOrderEditPage(request: Request, context: AppLoadContext, rawId: string | undefined, now = new Date()) {
  const orderId = idParam(rawId, "注文ID");
  const [state, facts] = await Promise.all([loadOrderState(context.db, orderId), loadOrderEditFacts(context.db, orderId)]);
  invariantResponse(state && facts, NOT_FOUND, { status: 404 });
  const statusOf = (shipmentId: number | null) => state.shipments.find((shipment) => shipment.id === shipmentId)?.status ?? null;
  const { amounts } = facts;
  const page: OrderEditPageData = {
    order: {
      id: orderId,
      number: state.number,
      statusLabel: ORDER_STATUS_LABELS[state.status],
      paymentLabel: PAYMENT_METHODS[state.paymentMethod].label,
      total: state.total,
      settlement: settlementLabel(facts.settlementDue),
    },
    // The version of the state and the facts is one: both were read at once, and a post names it.
    delivery: deliveryFormData(facts.delivery, facts.lifecycleVersion, deliveryEditRefusal(state), now),
    lines: {
      refusal: linesEditRefusal(state.status),
      rows: facts.lines.map((line) => ({
        id: line.id,
        title: line.title,
        detail: [line.choiceLabel, line.optionsLabel].filter(Boolean).join(" / "),
        sku: line.choiceSku ?? line.sku,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        total: line.total,
        locked: lineEditRefusal(line, statusOf(line.shipmentId)),
      })),
      amounts: orderAmountRows(amounts),
    },
    notice: redirectedNotice(request, ORDER_EDIT_NOTICES),
  };
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

/** A done edit: its mail sent on, the page again with its notice; a refused one at its form (404 when the order is gone). */
async function answer(
  context: AppLoadContext,
  orderId: number,
  result: OrderEditResult,
  notice: keyof typeof ORDER_EDIT_NOTICES,
  refuse: (refused: Extract<OrderEditResult, { ok: false }>) => ReturnType<typeof data>,
) {
  if (!result.ok) {
    invariantResponse(!result.notFound, NOT_FOUND, { status: 404 });
    return refuse(result);
  }
  dispatchMail(context, [result.mailKey]);
  // Stock moved: the products' cached pages go, so they show it at once.
  if (notice === "lines") await purgeOrderedProductPages(context, orderId);
  throw redirectWithNotice(orderEditPath(orderId), notice);
}

export async function orderEditAction(request: Request, context: AppLoadContext, rawId: string | undefined, staff: SessionUser, now = new Date()) {
  const orderId = idParam(rawId, "注文ID");
  const intent = await postedIntent(request);
  const editor = { kind: "staff" as const, actor: orderActorOf(staff) };
  const frame = await mailFrame(request, context);
  if (isAddressPost(intent) || intent === ORDER_EDIT_INTENTS.wish) {
    const post = await readDeliveryPost(request, context, intent);
    if (!post.ok) return post.answer;
    const result = await editOrderDelivery(context.db, orderId, { expectedVersion: post.version, editor, delivery: post.change }, frame, now);
    return answer(context, orderId, result, "delivery", post.refused);
  }
  if (intent !== ORDER_EDIT_INTENTS.lines) throw badRequest(MALFORMED_INPUT_MESSAGE);
  const read = readInput(LinesFormSchema, await readFormData(request), ["line", "quantity"]);
  if (!read.ok) return refusedAt("lines", read.error, 400);
  const result = await editOrderLines(context.db, orderId, { expectedVersion: read.input.version, editor, lines: read.input.lines }, frame, now);
  return answer(context, orderId, result, "lines", (refused) => refusedAt("lines", refused.error, 409));
}

/** The order page's edit panel (its times written out: the page loads no date formats); null when there is no such order. */
export async function loadDeskOrderEdits(db: AppLoadContext["db"], orderId: number): Promise<DeskOrderEdits | null> {
  const [state, history] = await Promise.all([loadOrderState(db, orderId), loadOrderEdits(db, orderId)]);
  if (!state) return null;
  return {
    editable: deliveryEditRefusal(state) == null || linesEditRefusal(state.status) == null,
    settlementDue: state.settlementDue,
    refundable: refundableTotal(state),
    history: history.map((edit) => ({ ...edit, at: formatDateTime(edit.at) })),
  };
}
