import { Form, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { formatYen } from "~/core/money";
import type { ReturnDecisionActionData, ReturnDeskView } from "~/web/types/returns";
import { RefundMethodField, ReplacementForms } from "./ReplacementForms";

function MessageForm({
  intent,
  label,
  defaultValue,
  button,
  error,
}: {
  intent: "approve" | "refuse";
  label: string;
  defaultValue: string;
  button: string;
  error: string | null;
}) {
  const id = useId();
  return (
    <Form method="post" className="grid gap-1" data-testid={`return-${intent}-form`}>
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      <textarea
        id={id}
        name="message"
        rows={4}
        defaultValue={defaultValue}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="field-error m-0">
          {error}
        </p>
      ) : null}
      <button type="submit" className={intent === "approve" ? "btn-primary justify-self-start" : "btn-secondary justify-self-start"}>
        {button}
      </button>
    </Form>
  );
}

/**
 * Staff's actions on a request by its state: approve (with how to send the goods back) or refuse (with
 * why) while it is requested; mark the goods received — back in stock or not, the refund's method — once
 * approved; then an exchange's replacement (ReplacementForms). Plain forms (PRG), the same with JS off.
 */
export function ReturnDecisionForms({ desk, actionData }: { desk: ReturnDeskView; actionData: ReturnDecisionActionData | null }) {
  const navigation = useNavigation();
  const errorOf = (intent: string) => (actionData?.intent === intent ? actionData.error : null);
  const busy = navigation.state === "submitting";
  const { request } = desk;
  if (request.status === "requested") {
    return (
      <div className="grid gap-4" aria-busy={busy}>
        <MessageForm
          intent="approve"
          label="承認してお客様へ返送方法を伝える"
          defaultValue={desk.approvalTemplate}
          button="承認する"
          error={errorOf("approve")}
        />
        <MessageForm intent="refuse" label="お断りする理由（お客様に送られます）" defaultValue="" button="お断りする" error={errorOf("refuse")} />
      </div>
    );
  }
  if (request.status === "approved") {
    const error = errorOf("receive");
    return (
      <Form method="post" className="grid gap-2" data-testid="return-receive-form" aria-busy={busy}>
        <input type="hidden" name="intent" value="receive" />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="restock" value="1" defaultChecked={desk.restockDefault} />
          返品された商品を在庫に戻す（破損・不良品は戻さない）
        </label>
        {request.kind === "return" ? (
          <>
            <p className="m-0 text-sm">{`記録する返金額：${formatYen(desk.refundPreview)}（商品代金。送料・手数料は含みません）`}</p>
            <RefundMethodField desk={desk} />
          </>
        ) : (
          <input type="hidden" name="method" value="other" />
        )}
        {error ? (
          <p role="alert" className="field-error m-0">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary justify-self-start">
          商品を受け取り済みにする
        </button>
      </Form>
    );
  }
  if (request.status === "received" && request.kind === "exchange") return <ReplacementForms desk={desk} errorOf={errorOf} busy={busy} />;
  return null;
}
