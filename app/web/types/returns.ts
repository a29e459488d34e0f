/** What the return pages show (types only: components import them). */
import type { RefundMethod } from "~/core/orders/order-desk";
import type { ReturnKind, ReturnStatus } from "~/core/returns/return-labels";
import type { ReplacementStatus } from "~/core/returns/staff-returns";
import type { MediaItem } from "./media";

export type { ReturnRow } from "~/services/returns/return-desk.server";

/** A request as the shopper and staff see it. */
export interface ReturnRequestView {
  id: number;
  kind: ReturnKind;
  reason: string;
  details: string;
  status: ReturnStatus;
  staffMessage: string;
  createdAt: string;
  receivedAt: string | null;
  lines: { orderLineId: number; title: string; quantity: number; unitPrice: number }[];
  photos: MediaItem[];
  refund: { amount: number; method: string } | null;
  /** Staff recorded it for the customer (a phone call, a guest). */
  recordedByStaff: boolean;
  /** An exchange's replacement once arranged. */
  replacement: ReplacementView | null;
}

export interface ReplacementView {
  status: ReplacementStatus;
  carrierLabel: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: string | null;
}

/** The order page's returns: whether a request can be made, the requests made, the notice after one. */
export interface OrderReturnsView {
  orderId: number;
  canRequest: boolean;
  requests: ReturnRequestView[];
  notice: string | null;
}

/** A line the request form offers: at most `max` of it, with its period and what it is excluded from. */
export interface ReturnFormLine {
  id: number;
  title: string;
  ordered: number;
  max: number;
  unitPrice: number;
  notes: string[];
}

export interface ReturnFormData {
  orderId: number;
  orderNumber: string;
  /** The form's replay token: a double submit of this render makes one request. */
  token: string;
  lines: ReturnFormLine[];
}

export interface ReturnDeskView {
  request: ReturnRequestView;
  order: { id: number; number: string; email: string; customerName: string; statusLabel: string; total: number };
  history: { label: string; actor: string; note: string; createdAt: string }[];
  /** The approval message the form starts from; whether the goods go back in stock by default; the refund it would record. */
  approvalTemplate: string;
  restockDefault: boolean;
  refundPreview: number;
  /** What an exchange refunded instead of replaced would pay back. */
  exchangeRefundPreview: number;
  /** The refund method the order's payment calls for (app/core/returns/return-refunds.ts). */
  refundMethodDefault: RefundMethod;
  paymentLabel: string;
  /** The exchanged lines with what is in stock of each now. */
  replacementStock: { title: string; quantity: number; inStock: number }[];
  notice: string | null;
}

export type ReturnDecisionActionData = { intent: string; error: string };
