/**
 * The JavaScript a document loads before it is interactive: modulepreload links, script sources and the
 * modules Remix's inline module script imports. Shared by `npm run bench` and the first-load browser spec.
 */
export function scriptsNamedIn(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(match[1]!);
  // The module script's static and dynamic imports; not the inline route manifest, which names modules of
  // routes the page does not show.
  for (const match of html.matchAll(/import\s*\(?\s*(?:[^"'()]*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) found.add(match[1]!);
  return [...found];
}
