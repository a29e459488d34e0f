import { Form } from "@remix-run/react";
import { useId } from "react";
import { TAG_MAX_LENGTH } from "~/core/tickets/ticket-tags";
import type { ThreadActionData } from "~/web/types/tickets";

/**
 * A ticket's tags on the staff page (issue 36 item 9): each links to the list of tickets with it and can be
 * taken off; a field adds one (suggesting the tags in use). Plain forms, JS on and off; never shown to the customer.
 */
export function TicketTags({ tags, known, action, pageError }: { tags: string[]; known: string[]; action: string; pageError: ThreadActionData | null }) {
  const inputId = useId();
  const listId = useId();
  const error = pageError && !pageError.ok && (pageError.intent === "tag" || pageError.intent === "untag") ? pageError : null;
  return (
    <section aria-labelledby="ticket-tags-heading" className="mb-3 grid gap-2 text-sm" data-testid="ticket-tags">
      <h2 id="ticket-tags-heading" className="sr-only">
        タグ
      </h2>
      {tags.length > 0 ? (
        <ul className="m-0 flex list-none flex-wrap gap-2 p-0">
          {tags.map((tag) => (
            <li key={tag} className="flex items-center gap-1 rounded-full bg-gray-100 px-3 py-1" data-testid="ticket-tag">
              <a href={`/crm/tickets?tag=${encodeURIComponent(tag)}`}>{tag}</a>
              <Form method="post" action={action} className="inline">
                <input type="hidden" name="intent" value="untag" />
                <input type="hidden" name="tag" value={tag} />
                <button type="submit" className="border-0 bg-transparent px-1 text-gray-700" aria-label={`タグ「${tag}」を外す`}>
                  ×
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="tag" />
        <label htmlFor={inputId} className="grid gap-1">
          タグを付ける
          <input
            id={inputId}
            name="tag"
            list={listId}
            maxLength={TAG_MAX_LENGTH}
            defaultValue={error?.message ?? ""}
            className="field"
            aria-invalid={error ? true : undefined}
          />
        </label>
        <datalist id={listId}>
          {known.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
        <button type="submit" className="btn-secondary">
          付ける
        </button>
        {error ? (
          <p role="alert" className="field-error m-0 w-full">
            {error.error}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
