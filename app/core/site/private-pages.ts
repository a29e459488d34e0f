// Reached from app/security.server.ts (imported by vite.config.ts, where the ~/ alias does not exist yet):
// no imports.
/**
 * Answers that belong to one visitor — the member area, the cart, the checkout, order lookup and password
 * reset, the staff desk, the merchant portal and the JSON calls, their documents and their single-fetch
 * data (`/cart.data`) — are kept by no cache, shared or the browser's (docs/security.md "Caching"), unless
 * the route itself says how its answer may be kept (an attachment's `private, max-age`, the search
 * suggestions' short public lifetime). Pure: no I/O.
 */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

const PRIVATE_SECTIONS = /^\/(?:user|cart|checkout|order-lookup|password-reset|crm|merchant|api)(?:[/.]|$)/;

/** Whether a path's answers belong to one visitor (see above). */
export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_SECTIONS.test(pathname);
}
