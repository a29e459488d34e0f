/**
 * Which link of a navigation is the page shown: the longest path the page is or lies under, so a page under
 * two links (/crm/tickets/report under /crm/tickets) marks only the nearer one.
 */
export function currentNavPath(paths: readonly string[], pathname: string): string | undefined {
  const matches = paths.filter((path) => pathname === path || pathname.startsWith(`${path}/`));
  return matches.sort((a, b) => b.length - a.length)[0];
}
