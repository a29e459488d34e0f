/** The intents of an order edit page's forms and where each refusal shows (kept apart: the pages' code imports it). Pure. */

/** The address form also sends `postal_lookup` for 住所を検索 without JS. */
export const ORDER_EDIT_INTENTS = { address: "save_address", wish: "delivery_wish", lines: "lines" } as const;

/** Where each form's refusal is shown. */
export type OrderEditForm = "address" | "wish" | "lines";
