import { useEffect, useRef, useState } from "react";
import { TICKET_API_HEADER } from "~/core/tickets/tickets";
import type { PastOrder, TicketProduct } from "~/web/types/tickets";

export type OrderLine = PastOrder["orderdetails"][number];

const apiHeaders = { Accept: "application/json", [TICKET_API_HEADER.name]: TICKET_API_HEADER.value };

/**
 * The order a new ticket is about, its lines and the product they point at. With JS the member's orders
 * with their lines come from /crm/api/customers/past-orders/{customerId} (once, when an order is first
 * chosen) and the card of the latest ticked line's product from /crm/api/customers/load-product/{id};
 * without JS the lines are those the page was asked to show (`picked`).
 */
export function useTicketOrderLines({
  hydrated,
  customerId,
  picked,
  sent,
}: {
  hydrated: boolean;
  customerId: number;
  picked: { orderId: number; lines: OrderLine[] } | null;
  /** What the form holds as the page renders: the refused post's values, or the loader's defaults. */
  sent: Record<string, unknown>;
}) {
  const [orderId, setOrderId] = useState<number | null>(() => Number(sent.orders_id ?? 0) || null);
  const [pastOrders, setPastOrders] = useState<PastOrder[] | null>(null);
  const [checked, setChecked] = useState<number[]>(() => [sent.details ?? []].flat().map(Number).filter(Boolean));
  const [product, setProduct] = useState<TicketProduct | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const productRequest = useRef(0);

  useEffect(() => {
    if (!hydrated || orderId == null || pastOrders) return;
    const controller = new AbortController();
    fetch(`/crm/api/customers/past-orders/${customerId}`, { headers: apiHeaders, credentials: "same-origin", signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error();
        setPastOrders((await response.json()) as PastOrder[]);
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadError("ご注文の商品を読み込めませんでした。時間をおいてもう一度お試しください。");
      });
    return () => controller.abort();
  }, [hydrated, orderId, pastOrders, customerId]);

  const jsLines = pastOrders?.find((order) => order.id === orderId)?.orderdetails ?? [];
  const lines: OrderLine[] = hydrated ? jsLines : picked && picked.orderId === orderId ? picked.lines : [];

  async function showProduct(line: OrderLine | undefined) {
    const request = ++productRequest.current;
    if (!line) return setProduct(null);
    const response = await fetch(`/crm/api/customers/load-product/${line.product.id}`, { headers: apiHeaders, credentials: "same-origin" }).catch(() => null);
    if (request !== productRequest.current) return;
    setProduct(response?.ok ? ((await response.json()) as TicketProduct) : null);
  }

  function chooseOrder(id: number | null) {
    setOrderId(id);
    setChecked([]);
    void showProduct(undefined);
  }

  function toggleLine(line: OrderLine, on: boolean) {
    const next = on ? [...checked, line.id] : checked.filter((id) => id !== line.id);
    setChecked(next);
    const latest = on ? line : jsLines.find((candidate) => candidate.id === next.at(-1));
    void showProduct(latest);
  }

  return { lines, checked, product, loadError, chooseOrder, toggleLine };
}
