import { island } from "../island";

/**
 * The staff desk's navigation (/crm) on every back-office page: links, so the server's HTML serves until its
 * code (NavLink's mark of the current section) arrives after the first load (decision 0024).
 */
export const CrmNav = island(() => import("./CrmNavLinks").then((module) => module.CrmNavLinks));
