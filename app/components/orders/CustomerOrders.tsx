import { island } from "../island";

/**
 * The customer's orders beside a staff ticket's thread (and their parcels' tracking): they need no code to
 * show, so the panel (CustomerOrdersPanel) loads after the page, the server's HTML meanwhile (decision 0024).
 */
export const CustomerOrders = island(() => import("./CustomerOrdersPanel").then((module) => module.CustomerOrdersPanel));
