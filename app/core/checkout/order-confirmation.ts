/**
 * The final confirmation (特定商取引法): an order is placed only as the page showed it. The checkout form
 * carries a fingerprint of what it showed (each row's id, quantity and amount, the payment method's fee,
 * and the total); the
 * server prices the cart again and places nothing when the two differ, telling the shopper what changed.
 * The rows' ids and quantities also name the cart's state an order consumed, so a second checkout tab
 * submitting the same cart is recognised as "already ordered" — which holds because a row's id is never
 * given again (cart_lines.id is AUTOINCREMENT): a later row of the same item is another row. Pure.
 */
import { formatYen } from "../money";

interface ShownLine {
  id: number;
  quantity: number;
  total: number;
}

export interface ShownOrder {
  lines: ShownLine[];
  /** The payment method's fee in the total shown; null in a fingerprint made before it was part of one. */
  fee: number | null;
  total: number;
}

interface PricedCart {
  list: { id: number; quantity: number; total: number; wrappingFee: number; title: string }[];
  /** The payment method's fee (代金引換, コンビニ後払い). */
  extra_fee: number;
  total: number;
}

const LINE = /^(\d{1,12})x(\d{1,4})=(\d{1,12})$/;

/** "12x2=3960;13x1=500|fee=330|total=5450": what the page shows of the cart (row amounts include wrapping). */
export function orderFingerprint(cart: PricedCart): string {
  const lines = [...cart.list]
    .sort((a, b) => a.id - b.id)
    .map((line) => `${line.id}x${line.quantity}=${line.total + line.wrappingFee}`)
    .join(";");
  return `${lines}|fee=${cart.extra_fee}|total=${cart.total}`;
}

/** The fingerprint read back (one without the fee too, from a page shown before it was added), or null when it is not one (a tampered or truncated form). */
export function parseOrderFingerprint(text: string): ShownOrder | null {
  const parts = text.split("|");
  if (parts.length < 2 || parts.length > 3) return null;
  const [linesPart = "", feePart, totalPart = ""] = parts.length === 3 ? parts : [parts[0], undefined, parts[1]];
  const total = /^total=(\d{1,12})$/.exec(totalPart);
  const fee = feePart === undefined ? undefined : /^fee=(\d{1,9})$/.exec(feePart);
  if (!total || fee === null) return null;
  const lines: ShownLine[] = [];
  for (const entry of linesPart ? linesPart.split(";") : []) {
    const match = LINE.exec(entry);
    if (!match) return null;
    lines.push({ id: Number(match[1]), quantity: Number(match[2]), total: Number(match[3]) });
  }
  return { lines, fee: fee === undefined ? null : Number(fee[1]), total: Number(total[1]) };
}

/** The cart's rows as an order consumes them: "12x2,13x1" (ids ascending). */
export function cartStateKey(lines: { id: number; quantity: number }[]): string {
  return [...lines]
    .sort((a, b) => a.id - b.id)
    .map((line) => `${line.id}x${line.quantity}`)
    .join(",");
}

export const CONFIRMATION_MESSAGES = {
  changed:
    "ご注文手続きのページを表示した後に、ご注文内容が変わりました。ご注文はまだ確定していません。変更後の内容をご確認のうえ、もう一度「注文を確定する」を押してください。",
  /** Only the chosen payment method's fee differs from the total shown (without JS the page shows it once sent). */
  feeApplied:
    "お選びのお支払い方法の手数料をお支払い合計に反映しました（ご注文の商品・数量は変わっていません）。ご注文はまだ確定していません。お支払い合計をご確認のうえ、もう一度「注文を確定する」を押してください。",
  unreadable: "ご注文内容を確認できませんでした。ご注文はまだ確定していません。表示されている内容をご確認のうえ、もう一度「注文を確定する」を押してください。",
  alreadyPlaced: (number: string) =>
    `このカートの商品は、別の画面から既にご注文いただいています（注文番号 ${number}）。同じご注文が二重に確定することはありません。`,
} as const;

/** Whether the payment method's fee is all that differs from the order shown (no row, no other amount). */
export function onlyFeeChanged(shown: ShownOrder, cart: PricedCart): boolean {
  if (shown.fee == null || shown.fee === cart.extra_fee || shown.total - shown.fee !== cart.total - cart.extra_fee) return false;
  return (
    shown.lines.length === cart.list.length &&
    shown.lines.every((before) => {
      const now = cart.list.find((line) => line.id === before.id);
      return now != null && now.quantity === before.quantity && now.total + now.wrappingFee === before.total;
    })
  );
}

/** The message above the changes: a fee reflected in the total is not a changed order. */
export function orderChangesMessage(shown: ShownOrder, cart: PricedCart): string {
  return onlyFeeChanged(shown, cart) ? CONFIRMATION_MESSAGES.feeApplied : CONFIRMATION_MESSAGES.changed;
}

/** The payment method's fee, when it differs from the one in the total shown. */
function feeChange(before: number, after: number, paymentLabel: string): string {
  if (before === 0) return `お支払い方法「${paymentLabel}」の手数料${formatYen(after)}が加わりました。`;
  if (after === 0) return `お支払い方法「${paymentLabel}」には手数料がかからないため、手数料${formatYen(before)}を差し引きました。`;
  return `お支払い方法「${paymentLabel}」の手数料は${formatYen(after)}です（表示されていた手数料：${formatYen(before)}）。`;
}

/**
 * What changed between the shown order and the cart priced now, in Japanese, one sentence per change;
 * empty when nothing did. The totals line names both amounts so the shopper sees what will be charged.
 */
export function describeOrderChanges(shown: ShownOrder, cart: PricedCart, paymentLabel: string): string[] {
  const changes: string[] = [];
  for (const before of shown.lines) {
    const now = cart.list.find((line) => line.id === before.id);
    if (!now) {
      changes.push("表示されていた商品のうち、カートにないものがあります。");
      continue;
    }
    if (now.quantity !== before.quantity) {
      const reason = now.quantity < before.quantity ? "（在庫・ご購入上限による）" : "";
      changes.push(`「${now.title}」の数量が${before.quantity}点から${now.quantity}点に変わりました${reason}。`);
    } else if (now.total + now.wrappingFee !== before.total) {
      changes.push(`「${now.title}」の金額が${formatYen(before.total)}から${formatYen(now.total + now.wrappingFee)}に変わりました。`);
    }
  }
  for (const line of cart.list) {
    if (!shown.lines.some((before) => before.id === line.id)) changes.push(`「${line.title}」がカートに加わりました。`);
  }
  if (shown.fee != null && shown.fee !== cart.extra_fee) changes.push(feeChange(shown.fee, cart.extra_fee, paymentLabel));
  if (shown.total !== cart.total)
    changes.push(`お支払い合計が${formatYen(shown.total)}から${formatYen(cart.total)}に変わりました（送料・手数料・割引を含む）。`);
  return changes;
}
