import { Form, Link, useNavigation } from "@remix-run/react";
import { RESULT_ANCHOR } from "~/core/site/result-anchor";

/**
 * The confirmation of one row's removal: a POST form sending intent=remove, id and back. The action
 * answers with a 303 to `back` plus notice=removed — followed by the browser without JS and by Remix with
 * JS (which then revalidates the list) — or with an error the page shows. Lists that are not tables
 * (cards) use it directly, as an island like the listing's.
 */
export function RemovalConfirm({
  id,
  text,
  action,
  back,
  submitLabel = "削除する",
}: {
  id: number;
  text: string;
  action: string;
  back: string;
  submitLabel?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("id") === String(id);
  return (
    <Form
      id={RESULT_ANCHOR}
      method="post"
      action={action}
      preventScrollReset
      replace
      className="grid gap-2 rounded bg-red-50 p-3"
      data-testid="removal-confirm"
    >
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      <p role="alert" className="m-0 text-sm">
        {text}
      </p>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary py-1" disabled={pending}>
          {submitLabel}
        </button>
        <Link to={back} preventScrollReset replace className="btn-secondary py-1 no-underline">
          キャンセル
        </Link>
      </div>
    </Form>
  );
}
