import { island } from "../island";

/**
 * The merchant portal's navigation (/merchant) on every portal page: links, so the server's HTML serves until
 * its code (NavLink's mark of the current section) arrives after the first load (decision 0024).
 */
export const MerchantNav = island(() => import("./MerchantNavLinks").then((module) => module.MerchantNavLinks));
