/** What the staff stock page answers and its component reads (types only: the browser bundle imports it). */
import type { listWaitingItems } from "~/services/member/restock.server";

/** An item members are waiting for, with its stock now and how many wait. */
export type WaitingItem = Awaited<ReturnType<typeof listWaitingItems>>[number];

export interface StockLoaderData {
  waiting: WaitingItem[];
  /** What the last restock did (after its redirect), or null. */
  notice: string | null;
}

/** A refused restock: the field at fault, its message, and what was typed (the form shows it again). */
export type StockActionData = { field: "sku" | "quantity"; error: string; sku: string; quantity: string };
