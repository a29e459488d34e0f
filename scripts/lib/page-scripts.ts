/**
 * The JavaScript a document loads before it is interactive: modulepreload links, script sources and the
 * modules its inline module script preloads and imports (decision 0027: Remix's module script names them
 * after the page's load). Shared by `npm run bench` and the first-load browser spec.
 */
export function scriptsNamedIn(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(match[1]!);
  // The list the module script preloads after the page's load, and its static and dynamic imports; not the
  // inline route manifest, which names modules of routes the page does not show.
  for (const match of html.matchAll(/for\s*\(let h of (\[[^\]]*\])\)/g)) (JSON.parse(match[1]!) as string[]).forEach((path) => found.add(path));
  for (const match of html.matchAll(/import\s*\(?\s*(?:[^"'()]*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) found.add(match[1]!);
  return [...found];
}
