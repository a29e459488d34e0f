/**
 * The cart page without JS is one form: its 備考 (warehouse_notice, vendor_notice[…]) belong to it, and every
 * control's fields and buttons join it (the `form` attribute), so whatever is pressed sends the notes typed
 * so far and the action saves them before doing what was asked; the page that comes back shows them again.
 *
 * Several records' controls share that form: a cart row's quantity, wrapping and removal, a saved item's
 * 「カートに戻す」. Each is named for its record — the button `intent[line:3]`, its fields `q[line:3]` — and
 * the action reads the post as that record's own form would have sent it (`intent`, `line`=3, `q`). With JS
 * each control is its own fetcher form with the plain names. Pure.
 */

/** The records whose controls are named for them: a cart row (`line`) and a saved-for-later item (`item`). */
export type CartRecord = { field: "line" | "item"; id: number };

/** `name` for one record's control in the cart's one form: `q[line:3]`. */
export function recordFieldName(name: string, record: CartRecord): string {
  return `${name}[${record.field}:${record.id}]`;
}

const RECORD_FIELD = /^([a-z_]{1,20})\[(line|item):([1-9]\d{0,8})\]$/;

function recordFieldOf(name: string): { name: string; key: string; record: CartRecord } | null {
  const [, field = "", kind = "", id = ""] = RECORD_FIELD.exec(name) ?? [];
  if (!field) return null;
  return { name: field, key: `${kind}:${id}`, record: { field: kind as CartRecord["field"], id: Number(id) } };
}

/**
 * The post as the pressed record's own form sends it: `intent[line:3]=quantity` and `q[line:3]=5` become
 * `intent=quantity`, `line=3`, `q=5`; other records' fields are left out, the form's own fields (備考, coupon
 * code …) kept. A post without a record's button comes back as it is.
 */
export function asRecordPost(form: FormData): FormData {
  const pressed = [...form.keys()].map(recordFieldOf).find((field) => field?.name === "intent");
  if (!pressed) return form;
  const post = new FormData();
  for (const [name, value] of form.entries()) {
    const field = recordFieldOf(name);
    if (!field) post.append(name, value);
    else if (field.key === pressed.key) post.set(field.name, value);
  }
  post.set(pressed.record.field, String(pressed.record.id));
  return post;
}

/** Each row's quantity as typed in the cart's one form (`q[line:3]`): what Enter applies. */
export function typedQuantities(form: FormData): { line: number; typed: string }[] {
  return [...form.entries()].flatMap(([name, value]) => {
    const field = recordFieldOf(name);
    return field?.name === "q" && field.record.field === "line" && typeof value === "string" ? [{ line: field.record.id, typed: value }] : [];
  });
}
