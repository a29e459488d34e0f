import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import type { CartActionData } from "~/routes/cart";

/**
 * A cart control: a plain POST form to /cart without JS (the action redirects back), a fetcher with JS
 * (the page updates in place as loaders revalidate). Hidden fields carry the intent and row.
 */
export function useCartFetcher() {
  return useFetcher<CartActionData>();
}

export function CartFetcherForm({
  fetcher,
  intent,
  line,
  children,
  className,
  onSubmit,
  returnTo,
}: {
  fetcher: ReturnType<typeof useCartFetcher>;
  intent: string;
  line?: number;
  children: ReactNode;
  className?: string;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
  /** Page to come back to after a plain (no-JS) post; the cart by default. */
  returnTo?: string;
}) {
  return (
    <fetcher.Form method="post" action="/cart" className={className} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      {line != null ? <input type="hidden" name="line" value={line} /> : null}
      {returnTo ? <input type="hidden" name="redirectTo" value={returnTo} /> : null}
      {children}
    </fetcher.Form>
  );
}

/** A refusal shown on the page: the /cart action's answer, or one carried in the URL (see cart.tsx's loader). */
export type CartPageError = CartActionData | { field: string; error: string; line?: number | null } | null;
type ErrorSource = CartPageError | undefined;

/**
 * The error for one control: from its fetcher (JS; matched by intent and row) or a refusal carried in the
 * page's URL by a post made without JS (matched by field, and by row when it names one).
 */
export function errorFor(sources: ErrorSource[], match: { intent: string; fields: string[]; line?: number }): string | null {
  for (const source of sources) {
    if (!source || ("ok" in source && source.ok)) continue;
    if ("intent" in source && (source.intent !== match.intent || (match.line != null && source.line !== match.line))) continue;
    if (!("intent" in source) && match.line != null && source.line != null && source.line !== match.line) continue;
    if (match.fields.includes(source.field)) return source.error;
  }
  return null;
}

export function InlineError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="field-error m-0">
      {message}
    </p>
  );
}
