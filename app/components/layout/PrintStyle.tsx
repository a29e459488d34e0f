/**
 * The print rules of a page made to be printed (a receipt, 納品書): only the document prints — the site's
 * header and footer and the page's `controls` (a class name) stay on screen — on A4. `rules` adds the
 * page's own print rules (e.g. a page break after each document). Given to <style> as raw HTML: as a text
 * child React would escape `>` on the server (a <style> does not unescape it), so the selectors would not
 * match and the browser's text would differ from the client's (a hydration error).
 */
export function PrintStyle({ controls, rules }: { controls: string; rules: string }) {
  const css = `@media print {
  body > header, body > footer, .${controls} { display: none !important; }
  main { max-width: none !important; padding: 0 !important; }
  ${rules}
}
@page { size: A4; margin: 15mm; }`;
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}
