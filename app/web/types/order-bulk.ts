/** What the order desk's bulk pages (/crm/orders/bulk, /crm/orders/bulk/result) answer and their components read (types only). */
import type { BulkIntent } from "~/core/orders/order-bulk";

/** One target of the dry run: an order (入金確認) or one of its parcels, with what will change or why it cannot. */
export interface BulkPreviewTarget {
  /** The forms' name for it (`{orderId}.{shipmentId or 0}`). */
  key: string;
  shipmentId: number | null;
  /** 「当社倉庫」 or the merchant; null for an order-wide target. */
  sender: string | null;
  shipmentStatusLabel: string | null;
  /** The parcel's carrier and number as shipped (shown for the mail). */
  tracking: string | null;
  change: string | null;
  refusal: string | null;
}

export interface BulkPreviewOrder {
  orderId: number;
  /** Null for an id that names no order. */
  number: string | null;
  customerName: string;
  statusLabel: string;
  paymentLabel: string;
  targets: BulkPreviewTarget[];
}

export interface BulkPreviewData {
  intent: BulkIntent | null;
  intentLabel: string;
  /** This dry run's token, posted with the apply. */
  run: string;
  orders: BulkPreviewOrder[];
  /** Targets that can be applied. */
  applicable: number;
  /** Why nothing can be shown (no selection, too many, an unknown action); the page shows it with the way back. */
  error: string | null;
  /** The filtered list the selection came from. */
  backHref: string;
}

/** A refused apply or a tracking file read into the form: nothing changed; the form is shown again with these. */
export interface BulkActionData {
  error: string | null;
  /** Per target key: the message at its tracking field. */
  fieldErrors: Record<string, string>;
  /** The typed carrier (`carrier_{key}`) and number (`tracking_{key}`) per target. */
  values: Record<string, string>;
  /** The targets ticked as posted. */
  checked: string[];
  /** What a tracking file filled in. */
  note: string | null;
}

export interface BulkResultRow {
  orderId: number;
  number: string | null;
  sender: string | null;
  done: boolean;
  message: string;
}

export interface BulkResultData {
  intentLabel: string;
  rows: BulkResultRow[];
  doneCount: number;
  refusedCount: number;
  backHref: string;
}
