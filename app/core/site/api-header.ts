/**
 * The header the page scripts send with their JSON calls (spec §7: "a custom application header").
 * Its own module so the site header's polling does not pull the ticket rules (and Valibot) into
 * every page's JavaScript.
 */
export const TICKET_API_HEADER = { name: "X-Requested-With", value: "XMLHttpRequest" } as const;
