/**
 * Which link of a navigation is the page shown: the longest path the page is or lies under, so a page under
 * two links (/crm/tickets/report under /crm/tickets) marks only the nearer one; an `end` link (a section's
 * home) only on its own page.
 */
export function currentNavPath(links: readonly { to: string; end?: boolean }[], pathname: string): string | undefined {
  const matches = links.filter((link) => pathname === link.to || (!link.end && pathname.startsWith(`${link.to}/`)));
  return matches.map((link) => link.to).sort((a, b) => b.length - a.length)[0];
}
