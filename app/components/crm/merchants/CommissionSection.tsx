import { getFormProps, getInputProps, getSelectProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ConnectionNotice } from "~/components/connection/ConnectionNotice";
import { useFormPostFailed } from "~/components/connection/useFormPostFailed";
import { FieldErrors } from "~/components/forms/FieldErrors";
import { FormErrors } from "~/components/forms/FormErrors";
import { useValibotForm } from "~/components/forms/useValibotForm";
import { CategoryCommissionSchema, MerchantCommissionSchema } from "~/core/merchant/merchant-statement-forms";
import { crmStatementsPath, formatRate, percentText } from "~/core/merchant/merchant-statements";
import type { CommissionSettings } from "~/web/types/merchants";

type Reply = SubmissionResult<string[]> | null;

function RateInput({ field, testId }: { field: FieldMetadata<string, Record<string, unknown>>; testId: string }) {
  return (
    <span className="flex items-center gap-1">
      <input
        {...getInputProps(field, { type: "text" })}
        inputMode="decimal"
        className="field w-24 text-right"
        aria-describedby={field.errorId}
        data-testid={testId}
      />
      %
    </span>
  );
}

/**
 * The commission section of /crm/merchants/{id}: the merchant's own rate, the categories it pays another rate
 * on (a product counts by its main category, or the nearest one above it with a rate), a category's rate added
 * or changed, and the link to its monthly statements. Plain forms; the same messages with and without JS.
 */
export function CommissionSection({
  merchantId,
  settings,
  rateReply,
  categoryReply,
  removeError,
}: {
  merchantId: number;
  settings: CommissionSettings;
  rateReply: Reply;
  categoryReply: Reply;
  removeError: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const rateFailed = useFormPostFailed("commission");
  const categoryFailed = useFormPostFailed("commission-category");
  const [rateForm, rateFields] = useValibotForm(MerchantCommissionSchema, {
    id: "merchant-commission-form",
    lastResult: rateReply,
    defaultValue: { commission: percentText(settings.merchantBp) },
  });
  const [categoryForm, categoryFields] = useValibotForm(CategoryCommissionSchema, {
    id: "category-commission-form",
    lastResult: categoryReply,
    defaultValue: { categoryId: "", commission: "" },
  });
  return (
    <section aria-labelledby="merchant-commission-heading" className="mt-8 grid max-w-2xl gap-3">
      <h2 id="merchant-commission-heading" className="m-0 text-lg">
        販売手数料と支払明細
      </h2>
      <p className="m-0 text-sm">
        <Link to={crmStatementsPath(merchantId)} data-testid="merchant-statements-link">
          月別の支払明細を見る
        </Link>
      </p>
      <p className="m-0 text-sm text-gray-700">
        手数料は、発送した商品の代金（税込）から返品分を引いた額に、料率ごとに掛けて1円未満を切り捨てます。商品のメインカテゴリ（またはその上位のカテゴリ）に別の料率があればそれを、なければ出店者の料率を使います。変更は支払済みでない月の明細すべてに反映されます。
      </p>
      <Form method="post" {...getFormProps(rateForm)} className="flex flex-wrap items-end gap-3" data-testid="merchant-commission-form">
        <FormErrors id={rateForm.errorId} errors={rateForm.errors} />
        <div className="grid gap-1">
          <label htmlFor={rateFields.commission.id} className="text-sm font-bold">
            出店者の手数料率
          </label>
          <RateInput field={rateFields.commission} testId="merchant-commission-rate" />
        </div>
        <button type="submit" name="intent" value="commission" className="btn-primary" disabled={busy} data-testid="merchant-commission-save">
          手数料率を保存する
        </button>
        <div className="w-full">
          <FieldErrors id={rateFields.commission.errorId} errors={rateFields.commission.errors} />
          <ConnectionNotice failed={rateFailed} />
        </div>
      </Form>
      <h3 className="m-0 text-base">カテゴリ別の手数料率</h3>
      {removeError ? (
        <p role="alert" className="m-0 text-sm text-red-800">
          {removeError}
        </p>
      ) : null}
      {settings.overrides.length === 0 ? (
        <p className="m-0 text-sm">カテゴリ別の料率はありません（すべて {formatRate(settings.merchantBp)}）。</p>
      ) : (
        <table className="text-sm" data-testid="category-commissions">
          <thead>
            <tr>
              <th scope="col">カテゴリ</th>
              <th scope="col">料率</th>
              <th scope="col">
                <span className="sr-only">操作</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {settings.overrides.map((row) => (
              <tr key={row.categoryId}>
                <th scope="row" className="text-left font-normal">
                  {row.label}
                </th>
                <td className="text-right">{formatRate(row.bp)}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="categoryId" value={row.categoryId} />
                    <button
                      type="submit"
                      name="intent"
                      value="commission-remove"
                      className="btn-secondary"
                      disabled={busy}
                      aria-label={`${row.label}の料率を削除`}
                    >
                      削除
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Form method="post" {...getFormProps(categoryForm)} className="flex flex-wrap items-end gap-3" data-testid="category-commission-form">
        <FormErrors id={categoryForm.errorId} errors={categoryForm.errors} />
        <div className="grid gap-1">
          <label htmlFor={categoryFields.categoryId.id} className="text-sm font-bold">
            カテゴリ
          </label>
          <select {...getSelectProps(categoryFields.categoryId)} className="field" data-testid="category-commission-category">
            <option value="">選んでください</option>
            {settings.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={categoryFields.commission.id} className="text-sm font-bold">
            料率
          </label>
          <RateInput field={categoryFields.commission} testId="category-commission-rate" />
        </div>
        <button type="submit" name="intent" value="commission-category" className="btn-primary" disabled={busy} data-testid="category-commission-save">
          カテゴリの料率を保存する
        </button>
        <div className="w-full">
          <FieldErrors id={categoryFields.categoryId.errorId} errors={categoryFields.categoryId.errors} />
          <FieldErrors id={categoryFields.commission.errorId} errors={categoryFields.commission.errors} />
          <ConnectionNotice failed={categoryFailed} />
        </div>
      </Form>
    </section>
  );
}
