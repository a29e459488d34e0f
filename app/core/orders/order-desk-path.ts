/**
 * Staff's order desk path, apart from order-desk.ts so the order list and an order's page (which link it)
 * load nothing else of it on their first load (the refund labels and limits come with their panels).
 */
export const ORDER_DESK_PATH = "/crm/orders";

/** Staff's 納品書 page of the parcels named (app/web/orders/packing-slips.server.ts). */
export function packingSlipsPath(shipmentIds: readonly number[]): string {
  return `${ORDER_DESK_PATH}/slips?${shipmentIds.map((id) => `shipment=${id}`).join("&")}`;
}
