import { Form } from "@remix-run/react";
import { useId } from "react";
import { TEMPLATE_BODY_MAX_LENGTH, TEMPLATE_TITLE_MAX_LENGTH } from "~/core/tickets/reply-templates";
import type { TemplateFormError, TemplateVariableHelp } from "~/web/types/tickets";

/**
 * A reply template's form (/crm/templates): its name and body, with the variables it may use listed beside
 * it. A plain form post (JS on and off); a refused save shows what was typed and the field's message.
 */
export function TemplateForm({
  action,
  values,
  revision,
  error,
  variables,
  submitLabel,
}: {
  action: string;
  values: { title: string; body: string };
  /** Editing: the revision the form shows (a save over a newer one is refused). */
  revision?: number;
  error: TemplateFormError | null;
  variables: readonly TemplateVariableHelp[];
  submitLabel: string;
}) {
  const titleId = useId();
  const bodyId = useId();
  const shown = error?.values ?? values;
  const fieldError = (field: TemplateFormError["field"]) =>
    error?.field === field ? (
      <p role="alert" className="field-error m-0">
        {error.error}
      </p>
    ) : null;
  return (
    <Form method="post" action={action} className="card grid gap-3 p-3" aria-label={submitLabel}>
      {revision != null ? (
        <>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="revision" value={revision} />
        </>
      ) : null}
      {fieldError("template")}
      <div className="grid gap-1">
        <label htmlFor={titleId} className="text-sm font-bold">
          テンプレート名
        </label>
        <input
          id={titleId}
          name="title"
          defaultValue={shown.title}
          maxLength={TEMPLATE_TITLE_MAX_LENGTH}
          className="field"
          aria-invalid={error?.field === "title" || undefined}
        />
        {fieldError("title")}
      </div>
      <div className="grid gap-1">
        <label htmlFor={bodyId} className="text-sm font-bold">
          本文
        </label>
        <textarea
          id={bodyId}
          name="body"
          rows={10}
          defaultValue={shown.body}
          maxLength={TEMPLATE_BODY_MAX_LENGTH}
          className="field"
          aria-invalid={error?.field === "body" || undefined}
        />
        {fieldError("body")}
      </div>
      <details className="text-sm">
        <summary>使える差し込み項目</summary>
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 pt-2">
          {variables.map((variable) => (
            <div key={variable.name} className="contents">
              <dt>
                <code>{`{{${variable.name}}}`}</code>
              </dt>
              <dd className="m-0">{variable.description}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div>
        <button type="submit" className="btn-primary">
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
