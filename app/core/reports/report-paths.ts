/** The report pages, in a module of their own: the /crm and /merchant navigations on every back-office page name them without loading their rules. */
import { MERCHANT_PORTAL_PATH } from "../site/shop-name";

export const DASHBOARD_PATH = "/crm";
export const SALES_REPORT_PATH = "/crm/reports";
/** A merchant's own sales. */
export const MERCHANT_SALES_PATH = `${MERCHANT_PORTAL_PATH}/sales`;
