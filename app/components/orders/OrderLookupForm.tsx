import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/forms/FormErrors";
import { TextField } from "~/components/forms/TextField";
import { OrderLookupSchema } from "~/core/orders/order-lookup-form";
import { RESULT_ANCHOR } from "~/core/site/result-anchor";
import { useValibotForm } from "~/components/forms/useValibotForm";

/** Order number and e-mail of a guest's order (an island on /order-lookup: its validation loads after the page). */
export function OrderLookupForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useValibotForm(OrderLookupSchema, {
    lastResult,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="card mt-4 grid gap-4 p-4">
      <div id={RESULT_ANCHOR}>
        <FormErrors id={form.errorId} errors={form.errors} />
      </div>
      <TextField
        label="注文番号"
        field={fields.number}
        required
        hint="ご注文完了画面とご注文確認メールに記載しています（例：20261121-482913。ハイフンは省略できます）"
        inputProps={{ autoComplete: "off", inputMode: "numeric" }}
      />
      <TextField label="メールアドレス（ご注文時に入力したもの）" field={fields.email} type="email" required inputProps={{ autoComplete: "email" }} />
      <button type="submit" className="btn-primary justify-self-start" disabled={navigation.state === "submitting"}>
        ご注文を確認する
      </button>
    </Form>
  );
}
