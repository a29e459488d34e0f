/** The owner's pages, in a module of their own: the /crm navigation on every back-office page names them without loading their rules. */
export const DASHBOARD_PATH = "/crm";
export const SALES_REPORT_PATH = "/crm/reports";
