import { useEffect, useRef } from "react";

export interface ErrorSummaryItem {
  /** The id of the field to fix (the link moves focus there; its own message is shown beside it). */
  fieldId: string;
  /** The field's name by its label ("メールアドレス", "お届け先の郵便番号"). */
  label: string;
}

const FIELD_LABELS: Record<string, string> = {
  email: "メールアドレス",
  password: "パスワード",
  currentPassword: "現在のパスワード",
  newPassword: "新しいパスワード",
  lastname: "姓",
  firstname: "名",
  lastnameJp: "セイ（カタカナ）",
  firstnameJp: "メイ（カタカナ）",
  lastname_jp: "セイ（カタカナ）",
  firstname_jp: "メイ（カタカナ）",
  newsletter: "メールマガジン",
  agreement: "会員規約への同意",
  register: "会員登録",
  payment: "お支払い方法",
  deliveryDate: "お届け希望日",
  deliveryTimeSlot: "お届け時間帯",
  addressId: "お届け先の選択",
  useNewAddress: "お届け先の選択",
  notice: "備考",
  postal_code: "郵便番号",
  prefecture: "都道府県",
  city: "市区町村",
  district: "町域",
  address1: "番地",
  address2: "建物名・部屋番号",
  phone: "電話番号",
};

/** The fields with messages in a Conform reply's errors, each once, by label ("shipping." fields are the お届け先's). */
export function erroredFields(errors: Record<string, string[] | null | undefined> | undefined, fieldId: (name: string) => string): ErrorSummaryItem[] {
  return Object.entries(errors ?? {})
    .filter(([name, messages]) => messages?.length && FIELD_LABELS[name.replace(/^shipping\./, "")])
    .map(([name]) => ({
      fieldId: fieldId(name),
      label: name.startsWith("shipping.") ? `お届け先の${FIELD_LABELS[name.slice(9)]}` : FIELD_LABELS[name]!,
    }))
    .filter((item, index, all) => all.findIndex((other) => other.label === item.label) === index);
}

/**
 * What is wrong with a submitted form, at its top: the form's own messages, then one link per field
 * to fix (its message stays under the field). With JS, focus moves here after every refused submit (server refusals too), so a screen
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
          <p className="m-0 font-bold">次の{items.length}項目をご確認ください（各項目の下に理由があります）。</p>
          <ul className="m-0 grid gap-1 pl-5">
            {items.map((item) => (
              <li key={item.fieldId}>
                <a href={`#${item.fieldId}`} className="text-red-800">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
