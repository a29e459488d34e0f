/**
 * React's server renderer as the Worker runs it (the production build of react-dom/server.browser),
 * mended by scripts/patch-dependencies.ts (decision 0034): each flush is encoded and sent as one chunk,
 * instead of a TextEncoder call per piece of markup and a 512-byte chunk at a time. The HTML must be the
 * one React's unmended development build writes, flush by flush.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createElement, lazy, Suspense, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

type Renderer = { renderToReadableStream: (element: ReactNode, options?: object) => Promise<ReadableStream<Uint8Array>> };
const require = createRequire(import.meta.url);
const cjs = join(dirname(require.resolve("react-dom/package.json")), "cjs");
const mended = require(join(cjs, "react-dom-server.browser.production.min.js")) as Renderer;
const reference = require(join(cjs, "react-dom-server.browser.development.js")) as Renderer;

async function chunksOf(renderer: Renderer, element: ReactNode): Promise<Uint8Array[]> {
  const stream = await renderer.renderToReadableStream(element, { bootstrapScriptContent: "window.ready=true" });
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return chunks;
}

/** Each chunk's text on its own: a chunk that ends inside a character would show U+FFFD. */
const textsOf = (chunks: Uint8Array[]) => chunks.map((chunk) => new TextDecoder().decode(chunk));

/** The whole document's text, however its bytes were cut into chunks. */
async function documentOf(renderer: Renderer, element: ReactNode): Promise<string> {
  const decoder = new TextDecoder();
  return (await chunksOf(renderer, element)).map((chunk) => decoder.decode(chunk, { stream: true })).join("") + decoder.decode();
}

// Well over 512 bytes, with multi-byte text (kanji, kana, an emoji) and attributes React escapes.
const items = Array.from({ length: 60 }, (_, index) => createElement("li", { key: index, "data-sku": `SKU-${index}&"` }, `今治タオル ${index} 枚目 🧺 <税込>`));
const page = (body: ReactNode) => createElement("html", { lang: "ja" }, createElement("body", null, createElement("ul", null, items), body));

/** A part of the page whose data comes later: React sends the shell first, then this part in a later flush. */
function lateReview() {
  const Review = lazy(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
    return { default: () => createElement("p", null, "レビュー：とても柔らかい") };
  });
  return createElement(Suspense, { fallback: createElement("p", null, "読み込み中…") }, createElement(Review));
}

describe("React's server renderer sends one chunk per flush (decision 0034)", () => {
  it("writes a page with nothing pending as one chunk, the HTML React's own build writes", async () => {
    const chunks = textsOf(await chunksOf(mended, page(null)));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.length).toBeGreaterThan(4 * 512);
    expect(chunks[0]).toBe(await documentOf(reference, page(null)));
  });

  it("sends the shell, then the part that came later, each flush whole and as React's own build does", async () => {
    const chunks = textsOf(await chunksOf(mended, page(lateReview())));
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toContain("読み込み中…");
    expect(chunks[0]).toContain("window.ready=true");
    expect(chunks[1]).toContain("レビュー：とても柔らかい");
    expect(chunks.join("")).toBe(await documentOf(reference, page(lateReview())));
  });
});
