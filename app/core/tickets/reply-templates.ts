/**
 * Staff's reply templates (issue 36 item 5): the variables a template may use, written as {{名前}}, filled
 * from the ticket (customer, its order and parcels) and the shop; a template naming a variable that does not
 * exist is refused when it is saved, so no reply goes out with a {{…}} left in it.
 */
import { formatDateJa } from "~/core/dates";
import { supportHoursText, type SellerFacts } from "~/core/settings/shop-settings";

export const TEMPLATE_TITLE_MAX_LENGTH = 100;
export const TEMPLATE_BODY_MAX_LENGTH = 5000;
export const TEMPLATES_PATH = "/crm/templates";

/** What a template can say, with what staff are told each one becomes. */
export const TEMPLATE_VARIABLES = [
  { name: "お客様名", description: "お客様のお名前に「様」を付けて（例：山田 花子様）" },
  { name: "注文番号", description: "お問い合わせの注文の注文番号" },
  { name: "追跡番号", description: "その注文の荷物ごとの配送業者・追跡番号・追跡ページ" },
  { name: "お届け予定日", description: "発送済みの荷物のお届け予定日" },
  { name: "ショップ名", description: "ショップ名（設定の「ショップ名」）" },
  { name: "電話番号", description: "ショップの電話番号（設定の「電話番号」）" },
  { name: "営業時間", description: "電話の受付時間と休業日（設定の「電話の受付時間」「休業日」）" },
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]["name"];

export const TEMPLATE_TEXT = {
  titleRequired: "テンプレート名を入力してください。",
  titleTooLong: `テンプレート名は${TEMPLATE_TITLE_MAX_LENGTH}文字以内で入力してください。`,
  bodyRequired: "本文を入力してください。",
  bodyTooLong: `本文は${TEMPLATE_BODY_MAX_LENGTH}文字以内で入力してください。`,
  unknownVariables: (names: string[]) => `使えない差し込み項目があります：${names.map((name) => `{{${name}}}`).join("、")}`,
  notFound: "テンプレートが見つかりません。",
  stale: "このテンプレートはほかのスタッフが変更しました。最新の内容を確認してから、もう一度保存してください。",
  created: "テンプレートを作成しました。",
  saved: "テンプレートを保存しました。",
  deleted: "テンプレートを削除しました。",
} as const;

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/gu;
const KNOWN: ReadonlySet<string> = new Set(TEMPLATE_VARIABLES.map((variable) => variable.name));

/** The {{…}} a template names that are not variables, each once, in order. */
export function unknownVariables(body: string): string[] {
  return [...new Set([...body.matchAll(VARIABLE)].map((match) => match[1] ?? "").filter((name) => !KNOWN.has(name)))];
}

/** A template as staff saved it: title and body trimmed; the first problem found, in Japanese. */
export function templateProblem(title: string, body: string): { field: "title" | "body"; error: string } | null {
  if (title === "") return { field: "title", error: TEMPLATE_TEXT.titleRequired };
  if ([...title].length > TEMPLATE_TITLE_MAX_LENGTH) return { field: "title", error: TEMPLATE_TEXT.titleTooLong };
  if (body === "") return { field: "body", error: TEMPLATE_TEXT.bodyRequired };
  if ([...body].length > TEMPLATE_BODY_MAX_LENGTH) return { field: "body", error: TEMPLATE_TEXT.bodyTooLong };
  const unknown = unknownVariables(body);
  return unknown.length > 0 ? { field: "body", error: TEMPLATE_TEXT.unknownVariables(unknown) } : null;
}

/** What a ticket gives a template: its customer, and the order it is about with that order's parcels. */
export interface TemplateContext {
  customer: { lastname: string; firstname: string };
  order: {
    number: string;
    parcels: {
      carrierLabel: string | null;
      trackingNumber: string | null;
      trackingUrl: string | null;
      expectedDelivery: { earliest: string; latest: string } | null;
    }[];
  } | null;
}

/**
 * Each variable's text for this ticket and the shop settings in force (a fact the ticket does not have says
 * so, rather than being left blank).
 */
export function templateValues(
  { customer, order }: TemplateContext,
  shop: Pick<SellerFacts, "shopName" | "phone" | "supportHours" | "closedDays">,
): Record<TemplateVariable, string> {
  const tracked = order?.parcels.filter((parcel) => parcel.trackingNumber != null) ?? [];
  const expected = order?.parcels.flatMap((parcel) => (parcel.expectedDelivery ? [parcel.expectedDelivery] : [])) ?? [];
  return {
    お客様名: `${`${customer.lastname} ${customer.firstname}`.trim()}様`,
    注文番号: order?.number ?? "（ご注文の指定なし）",
    追跡番号:
      tracked.length > 0
        ? tracked.map((parcel) => [parcel.carrierLabel, parcel.trackingNumber, parcel.trackingUrl].filter(Boolean).join(" ")).join("\n")
        : "（まだ発送しておりません）",
    お届け予定日:
      expected.length > 0
        ? expected
            .map(({ earliest, latest }) => (earliest === latest ? formatDateJa(earliest) : `${formatDateJa(earliest)}〜${formatDateJa(latest)}`))
            .join("、")
        : "（発送後にお知らせいたします）",
    ショップ名: shop.shopName,
    電話番号: shop.phone,
    営業時間: supportHoursText(shop),
  };
}

/** The template with every variable filled in (a name no longer known stays as written). */
export function fillTemplate(body: string, values: Record<TemplateVariable, string>): string {
  return body.replace(VARIABLE, (whole, name: string) => (KNOWN.has(name) ? values[name as TemplateVariable] : whole));
}
