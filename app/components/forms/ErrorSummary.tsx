import { useEffect, useRef } from "react";

export interface ErrorSummaryItem {
  /** The id of the field the message is about (the link moves focus there). */
  fieldId: string;
  message: string;
}

/**
 * What is wrong with a submitted form, at its top: the form's own messages, then one link per field
 * message. With JS, focus moves here after every refused submit (server refusals too), so a screen
 * reader reads it and a sighted shopper sees it instead of staying at the button far below. Without JS
 * the page opens at the top, where it is. `submission` changes with each reply (the focus trigger).
 */
export function ErrorSummary({
  id,
  formErrors,
  items,
  submission,
  children,
}: {
  id: string;
  formErrors?: string[];
  items: ErrorSummaryItem[];
  submission: unknown;
  children?: React.ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = Boolean(formErrors?.length || items.length || children);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [submission, shown]);
  if (!shown) return null;
  return (
    <div
      id={id}
      ref={ref}
      tabIndex={-1}
      role="alert"
      data-testid="error-summary"
      className="grid gap-1 rounded border border-solid border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 outline-none focus:ring-2 focus:ring-red-400"
    >
      {formErrors?.map((error) => (
        <p key={error} className="m-0">
          {error}
        </p>
      ))}
      {children}
      {items.length > 0 ? (
        <>
          <p className="m-0 font-bold">入力内容をご確認ください（{items.length}件）</p>
          <ul className="m-0 grid gap-1 pl-5">
            {items.map((item) => (
              <li key={`${item.fieldId}:${item.message}`}>
                <a href={`#${item.fieldId}`} className="text-red-800">
                  {item.message}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
