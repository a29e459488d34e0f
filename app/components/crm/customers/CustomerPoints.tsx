import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useFormPostFailed } from "~/components/connection/useFormPostFailed";
import { FormErrors } from "~/components/forms/FormErrors";
import { FieldErrors, RequiredMark, TextField } from "~/components/forms/TextField";
import { useValibotForm } from "~/components/forms/useValibotForm";
import { DeskPanel } from "~/components/crm/orders/DeskForm";
import { ADJUSTMENT_REASON_MAX_LENGTH, PointAdjustmentSchema } from "~/core/customers/customer-forms";
import { pointsText } from "~/core/customers/customer-records";
import { formatShortDate, isoDateTime } from "~/core/dates";
import { formatCount } from "~/core/money";
import { POINT_KIND_LABELS, signedPoints } from "~/core/member/point-ledger";
import { PENDING_POINTS_LABEL } from "~/core/member/points";
import type { CustomerRecord } from "~/web/types/customers";

/** 付与・差し引き with a reason the member reads in their ledger; the limit plain staff have is said beside it. */
function PointAdjustmentForm({ limit, isOwner, lastResult }: { limit: number; isOwner: boolean; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useValibotForm(PointAdjustmentSchema, {
    id: "point-adjustment",
    lastResult,
    defaultValue: { direction: "add", points: "", reason: "" },
  });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "adjust_points";
  const failed = useFormPostFailed("adjust_points");
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3 border-t border-t-solid border-gray-200 pt-3" data-testid="point-adjustment-form">
      <h3 className="m-0 text-sm">ポイントを調整する</h3>
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset className="m-0 grid gap-1 border-none p-0" aria-describedby={fields.direction.errors ? fields.direction.errorId : undefined}>
        <legend className="p-0 text-sm font-bold">
          調整の種類
          <RequiredMark />
        </legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ["add", "付与する"],
              ["take", "差し引く"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-1">
              <input {...getInputProps(fields.direction, { type: "radio", value })} id={`${fields.direction.id}-${value}`} />
              {label}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.direction.errorId} errors={fields.direction.errors} />
      </fieldset>
      <TextField label="ポイント数" field={fields.points} required inputProps={{ inputMode: "numeric", autoComplete: "off" }} />
      <TextField
        label="理由"
        field={fields.reason}
        required
        hint={`お客様のポイント履歴にそのまま表示されます（${ADJUSTMENT_REASON_MAX_LENGTH}文字以内）。`}
        inputProps={{ maxLength: ADJUSTMENT_REASON_MAX_LENGTH }}
      />
      <p className="m-0 text-xs text-gray-700" data-testid="point-adjustment-limit">
        {isOwner
          ? `オーナーは上限なく調整できます（スタッフの上限：1回${formatCount(limit)}ポイント）。`
          : `1回に調整できるのは${formatCount(limit)}ポイントまでです。それを超える調整はオーナーが行います。`}
      </p>
      <div>
        <button type="submit" name="intent" value="adjust_points" className="btn-primary py-1 text-sm" disabled={pending}>
          調整する
        </button>
      </div>
      <ConnectionNotice failed={failed} />
    </Form>
  );
}

/** The balance, 付与予定, the newest ledger lines (as the member reads them) and the adjustment form. */
export function CustomerPoints({
  points,
  limit,
  isOwner,
  canChange,
  lastResult,
}: {
  points: CustomerRecord["points"];
  limit: number;
  isOwner: boolean;
  /** A member who left keeps their history, but nothing is adjusted any more. */
  canChange: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  return (
    <DeskPanel id="customer-points" title="ポイント" testId="customer-points">
      <p className="m-0">
        保有ポイント：
        <strong className="text-lg" data-testid="customer-points-balance">
          {pointsText(points.balance)}
        </strong>
        {points.pending > 0 ? <span className="ml-2 text-xs text-gray-700">{`${PENDING_POINTS_LABEL} ${pointsText(points.pending)}`}</span> : null}
      </p>
      {points.ledger.length === 0 ? (
        <p className="m-0 text-gray-700">ポイントの履歴はありません。</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-xs" data-testid="customer-ledger">
            <caption className="sr-only">ポイント履歴（新しい順）</caption>
            <thead>
              <tr className="border-b border-b-solid border-gray-300 text-left">
                <th scope="col" className="px-1 py-1">
                  日付
                </th>
                <th scope="col" className="px-1 py-1">
                  内容
                </th>
                <th scope="col" className="px-1 py-1 text-right">
                  ポイント
                </th>
              </tr>
            </thead>
            <tbody>
              {points.ledger.map((line) => (
                <tr key={line.id} className="border-b border-b-solid border-gray-100" data-testid="customer-ledger-line">
                  <td className="whitespace-nowrap px-1 py-1">
                    <time dateTime={isoDateTime(line.createdAt)}>{formatShortDate(line.createdAt)}</time>
                  </td>
                  <td className="px-1 py-1">
                    <span className="badge mr-1 bg-gray-100 text-gray-800">{POINT_KIND_LABELS[line.kind]}</span>
                    {line.orderId != null ? <Link to={`/crm/orders/${line.orderId}`}>{line.note || `ご注文 ${line.orderNumber ?? ""}`}</Link> : line.note}
                  </td>
                  <td className="whitespace-nowrap px-1 py-1 text-right">{signedPoints(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {points.ledgerTotal > points.ledger.length ? (
        <p className="m-0 text-xs text-gray-700">{`新しい${formatCount(points.ledger.length)}件を表示しています（全${formatCount(points.ledgerTotal)}件）。`}</p>
      ) : null}
      {canChange ? <PointAdjustmentForm limit={limit} isOwner={isOwner} lastResult={lastResult} /> : null}
    </DeskPanel>
  );
}
