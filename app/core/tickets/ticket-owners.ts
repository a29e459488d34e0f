/**
 * Who on the support team owns a ticket (issue 36 item 3): the desk's views by owner and what staff are told
 * when they take, assign or release one. Staff see each other's names; customers still see カスタマーサービス.
 */

/** The ticket list's views by owner (`?owner=`), open tickets counted on each tab. */
export const OWNER_VIEWS = [
  { value: "mine", label: "自分の担当" },
  { value: "none", label: "未割り当て" },
] as const;
export type OwnerView = (typeof OWNER_VIEWS)[number]["value"];

export const OWNER_TEXT = {
  taken: "このお問い合わせの担当になりました。",
  assigned: "担当者を変更しました。",
  released: "担当を外しました。",
  notStaff: "担当者に選べるのはカスタマーサービスのスタッフだけです。",
  takenByOther: (name: string) => `すでに${name}さんが担当しています。変更する場合は担当者を選んで変更してください。`,
} as const;

/** A colleague's name as the desk shows it (family name first). */
export function staffName(person: { lastname: string; firstname: string }): string {
  return `${person.lastname} ${person.firstname}`.trim();
}
