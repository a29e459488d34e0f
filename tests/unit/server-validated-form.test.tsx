import { getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormErrors } from "~/components/forms/FormErrors";
import { TextField } from "~/components/forms/TextField";
import { useServerValidatedForm } from "~/components/forms/useServerValidatedForm";

/**
 * The checkout reads the server's reply with useServerValidatedForm instead of Conform's useForm (to keep
 * Conform's client runtime off the page). The fields must come out exactly as Conform would render them.
 */
type Schema = { email: string; register: boolean; payment: string; shipping: { city: string; postal_code: string } };

const reply: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { email: "taro@example.jp", payment: "cod", shipping: { city: "千代田区", postal_code: "1000001" } },
  error: {
    "": ["ご注文を確定できませんでした。"],
    email: ["このメールアドレスは登録済みです"],
    "shipping.postal_code": ["郵便番号は半角数字7桁で入力してください"],
  },
};
const defaults = { register: true, payment: "cod" };

function Fields({ form, fields }: { form: { errorId: string; errors?: string[] }; fields: ReturnType<typeof useForm<Schema>>[1] }) {
  const shipping = fields.shipping.getFieldset();
  return (
    <>
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label="メールアドレス" field={fields.email} type="email" required />
      <input {...getInputProps(fields.register, { type: "checkbox" })} />
      <input {...getInputProps(fields.payment, { type: "radio", value: "cod" })} />
      <TextField label="市区町村" field={shipping.city as FieldMetadata<string>} />
      <TextField label="郵便番号" field={shipping.postal_code as FieldMetadata<string>} />
    </>
  );
}

function WithConform({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm<Schema>({ id: "order", lastResult, defaultValue: defaults });
  return <Fields form={form} fields={fields} />;
}

function WithServerReply({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useServerValidatedForm<Schema>({ id: "order", lastResult, defaultValue: defaults });
  return <Fields form={form} fields={fields} />;
}

describe("useServerValidatedForm", () => {
  it("renders a server reply's values, messages and aria links exactly as Conform's useForm", () => {
    const ours = renderToStaticMarkup(<WithServerReply lastResult={reply} />);
    expect(ours).toBe(renderToStaticMarkup(<WithConform lastResult={reply} />));
    expect(ours).toContain('id="order-shipping.postal_code"');
    expect(ours).toContain('aria-describedby="order-shipping.postal_code-error"');
    expect(ours).toContain("郵便番号は半角数字7桁で入力してください");
    expect(ours).toContain('value="千代田区"');
    expect(ours).toContain("ご注文を確定できませんでした。");
  });

  it("renders the defaults (a ticked checkbox) before any reply, as Conform does", () => {
    const ours = renderToStaticMarkup(<WithServerReply lastResult={null} />);
    expect(ours).toBe(renderToStaticMarkup(<WithConform lastResult={null} />));
    expect(ours).toContain(`<input id="order-register" name="register" form="order" type="checkbox" checked="" value="on"/>`);
    expect(ours).not.toContain("aria-invalid");
  });
});
