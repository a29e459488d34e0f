import type { ReactNode } from "react";
import { recordFieldName, type CartRecord } from "~/core/cart/cart-form";
import type { CartActionData } from "~/web/types/cart";
import { ConnectionNotice } from "../connection/ConnectionNotice";
import { useShopFetcher, type ShopFetcher } from "../connection/useShopFetcher";
import { useHydrated } from "../forms/useHydrated";

/**
 * A cart control: a plain POST form to /cart without JS (the action redirects back), a fetcher with JS
 * (the page updates in place as loaders revalidate). Hidden fields carry the intent and row; a post that
 * failed (no connection) is said below the control, with a retry.
 */
export function useCartFetcher() {
  return useShopFetcher<CartActionData>();
}

export function CartFetcherForm({
  fetcher,
  action = "/cart",
  intent,
  line,
  children,
  className,
  onSubmit,
  noValidate,
}: {
  fetcher: Pick<ShopFetcher<unknown>, "Form" | "failed" | "retry">;
  /** Where the control posts: the cart page's action, or a spec endpoint such as /api/buylater/{id}. */
  action?: string;
  intent: string;
  line?: number;
  children: ReactNode;
  className?: string;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
  noValidate?: boolean;
}) {
  return (
    <>
      <fetcher.Form method="post" action={action} className={className} onSubmit={onSubmit} noValidate={noValidate}>
        <input type="hidden" name="intent" value={intent} />
        {line != null ? <input type="hidden" name="line" value={line} /> : null}
        {children}
      </fetcher.Form>
      <ConnectionNotice failed={fetcher.failed} onRetry={fetcher.retry} />
    </>
  );
}

/**
 * A control whose fields and buttons belong to a page's one form without JS: the checkout's order form,
 * or the cart's (`formId`). Without JS a press then sends everything typed on the page, each button with its
 * own intent, and the page comes back with it. With JS (and without `formId`) they stay the control's own
 * fetcher form. Spread `field` on inputs and `button(intent)` on submit buttons; a record's controls (a cart
 * row, a saved item) spread `recordField(name, record)` and `recordButton(intent, record)`, named for their
 * record without JS, as several records share the form. When given, the page that comes back opens at
 * `anchor`, the control's section (a fragment on the post's URL, which is the page's own).
 */
export function useOwningForm(formId: string | undefined, anchor?: string) {
  const form = useHydrated() ? undefined : formId;
  return {
    /** True when the control's own form is not submitted (no way back to the page but the owning form). */
    owned: form != null,
    field: { form },
    button: (intent: string) => (form ? { form, name: "intent", value: intent, ...(anchor ? { formAction: `#${anchor}` } : {}) } : {}),
    recordField: (name: string, record: CartRecord) => (form ? { form, name: recordFieldName(name, record) } : { name }),
    recordButton: (intent: string, record: CartRecord) => (form ? { form, name: recordFieldName("intent", record), value: intent } : {}),
  };
}

/** A refusal shown on the page: the /cart action's answer, or one carried in the URL (see cart.tsx's loader). */
export type CartPageError = CartActionData | { field: string; error: string; line?: number | null; typed?: string | null } | null;
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

/** What was typed in a field (`coupon`, `points`) and refused by a post made without JS: the field shows it again. */
export function refusedEntry(pageError: CartPageError, field: "coupon" | "points"): string | undefined {
  return pageError && "typed" in pageError && pageError.field === field ? (pageError.typed ?? undefined) : undefined;
}

export function InlineError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="field-error m-0">
      {message}
    </p>
  );
}
