/** The shop settings' page (the owner edits, staff see it read-only), apart from the schemas: the /crm navigation on every page links it. */
export const SHOP_SETTINGS_PATH = "/crm/settings";
