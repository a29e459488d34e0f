/** The support desk's demo data beyond the seeded ticket: the reply templates a team starts from (issue 36 item 5; fixed ids, so seeding again adds nothing). */
import type { replyTemplates } from "~/db/schema";
import { STAFF_ID } from "./people";

export const DEMO_REPLY_TEMPLATES: (typeof replyTemplates.$inferInsert)[] = [
  {
    id: 1,
    title: "発送のご案内",
    body: [
      "{{お客様名}}",
      "",
      "{{ショップ名}}カスタマーサービスでございます。お問い合わせいただき、ありがとうございます。",
      "ご注文（注文番号：{{注文番号}}）の商品は、次のとおり発送しております。",
      "",
      "{{追跡番号}}",
      "お届け予定日：{{お届け予定日}}",
      "",
      "ご不明な点がございましたら、このメールにご返信ください。",
    ].join("\n"),
    updatedBy: STAFF_ID,
  },
  {
    id: 2,
    title: "お電話のご案内",
    body: [
      "{{お客様名}}",
      "",
      "お手数をおかけしております。詳しくお伺いしたく、お電話でのご連絡をお願いできますでしょうか。",
      "電話番号：{{電話番号}}（{{営業時間}}）",
    ].join("\n"),
    updatedBy: STAFF_ID,
  },
];
