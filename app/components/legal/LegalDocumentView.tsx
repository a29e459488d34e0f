import { Link, useLoaderData } from "@remix-run/react";
import type { Inline, LegalBlock, LegalDocument, LegalSection, Text } from "~/core/site/legal-document";

/** The page of a route whose loader answers `{ document }`. */
export function LegalDocumentPage() {
  const { document } = useLoaderData<{ document: LegalDocument }>();
  return <LegalDocumentView document={document} />;
}

/**
 * One of the shop's legal or guide pages (app/core/site/legal-document.ts): h1, a table of contents, sections
 * as h2 and their parts as h3, each with an id other pages link to. Label/value rows stack on a phone and
 * sit side by side from the sm breakpoint; tables scroll sideways rather than overflow. Plain HTML: works
 * without JS.
 */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <article className="mx-auto max-w-3xl py-6 text-sm leading-7" data-testid="legal-document">
      <h1 className="text-xl leading-snug">{document.title}</h1>
      {document.lead?.map((text, index) => (
        <p key={index}>
          <RunningText text={text} />
        </p>
      ))}
      <nav aria-label="目次" className="card my-4 p-3">
        <p className="m-0 font-bold">目次</p>
        <ol className="m-0 mt-1 grid gap-1 pl-5 sm:grid-cols-2">
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section) => (
        <Section key={section.id} section={section} level={2} />
      ))}
      {document.history ? (
        <p className="mt-8 text-right text-gray-600">
          {document.history.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </p>
      ) : null}
    </article>
  );
}

function Section({ section, level }: { section: LegalSection; level: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    // Top-level sections are named regions (a screen reader's landmark list); their parts are not.
    <section id={section.id} aria-labelledby={level === 2 ? `${section.id}-heading` : undefined} className={level === 2 ? "mt-8" : "mt-4"}>
      <Heading id={`${section.id}-heading`} className={level === 2 ? "border-b border-b-solid border-gray-200 pb-1 text-lg" : "text-base"}>
        {section.title}
      </Heading>
      {section.blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      {section.sections?.map((part) => (
        <Section key={part.id} section={part} level={3} />
      ))}
    </section>
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case "paragraphs":
      return (
        <>
          {block.paragraphs.map((text, index) => (
            <p key={index}>
              <RunningText text={text} />
            </p>
          ))}
        </>
      );
    case "list":
      return (
        <ul className="grid gap-1 pl-5">
          {block.items.map((text, index) => (
            <li key={index}>
              <RunningText text={text} />
            </li>
          ))}
        </ul>
      );
    case "facts":
      return (
        <dl className="m-0 border-t border-t-solid border-gray-200">
          {block.rows.map((row) => (
            <div key={row.label} className="grid gap-1 border-b border-b-solid border-gray-200 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
              <dt className="font-bold">{row.label}</dt>
              <dd className="m-0 grid gap-1">
                {row.lines.map((text, index) => (
                  <p key={index} className="m-0">
                    <RunningText text={text} />
                  </p>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      );
    case "table":
      return (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="pb-1 text-left font-bold">{block.caption}</caption>
            <thead>
              <tr>
                {block.head.map((cell) => (
                  <th key={cell} scope="col" className="border border-solid border-gray-300 bg-gray-50 p-2">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row[0]}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row" className="border border-solid border-gray-300 p-2 font-normal">
                        {cell}
                      </th>
                    ) : (
                      // Amounts stay on one line (the first column, a name, wraps instead).
                      <td key={index} className="whitespace-nowrap border border-solid border-gray-300 p-2">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

function RunningText({ text }: { text: Text }) {
  if (typeof text === "string") return <>{text}</>;
  return (
    <>
      {text.map((part, index) => (
        <InlinePart key={index} part={part} />
      ))}
    </>
  );
}

function InlinePart({ part }: { part: Inline }) {
  if (typeof part === "string") return <>{part}</>;
  if (part.href.startsWith("/")) return <Link to={part.href}>{part.text}</Link>;
  // Other sites open in a new tab and learn nothing of the page the shopper came from (privacy policy §8).
  return (
    <a href={part.href} target="_blank" rel="noopener noreferrer" className="break-all">
      {part.text}
      <span className="sr-only">（新しいタブで開きます）</span>
    </a>
  );
}
