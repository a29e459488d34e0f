import { Form, useNavigation } from "@remix-run/react";

/**
 * Staff's 再送する for a failed message: a plain POST (intent=resend) to the page's action, which returns
 * to `back` with a notice (without JS too).
 */
export function ResendMailForm({ id, action, back }: { id: number; action: string; back: string }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "resend" && navigation.formData.get("id") === String(id);
  return (
    <Form method="post" action={action} preventScrollReset className="inline">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="btn-secondary whitespace-nowrap px-2 py-1 text-xs" disabled={pending} data-testid="mail-resend">
        再送する
      </button>
    </Form>
  );
}
