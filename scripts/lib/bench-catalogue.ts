/**
 * The scale bench's catalogue: SCALE_PRODUCT_COUNT published products added to a seeded local store, with
 * Japanese titles, catch copy and descriptions composed from word lists (so keyword searches hit some and
 * miss others as in a real shop), one product in ten a variation product with three variations, categories
 * spread over every demo category, two features each, a review on one product in five, and sales-like
 * review figures. Written by recursive CTEs, one statement per table: a minute or two to load.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "./run";

export const SCALE_PRODUCT_COUNT = 100_000;

const PLACES = [
  "有田",
  "京都",
  "金沢",
  "十勝",
  "宇治",
  "沖縄",
  "信州",
  "土佐",
  "博多",
  "仙台",
  "若狭",
  "会津",
  "備前",
  "南部",
  "八女",
  "静岡",
  "北海道",
  "鹿児島",
  "瀬戸内",
  "飛騨",
];
const ITEMS = [
  "フェイスタオル",
  "バスタオル",
  "まな板",
  "豆皿",
  "湯のみ",
  "急須",
  "煎茶",
  "ほうじ茶",
  "抹茶",
  "生チョコレート",
  "羊羹",
  "せんべい",
  "醤油",
  "味噌",
  "だしパック",
  "バター",
  "チーズ",
  "ハンドクリーム",
  "化粧水",
  "石けん",
  "ストール",
  "エプロン",
  "箸",
  "土鍋",
  "コーヒー豆",
  "ドリップバッグ",
  "はちみつ",
  "ジャム",
  "ぬか漬け",
  "梅干し",
];
const QUALITIES = ["特選", "手づくり", "昔ながらの", "職人の", "季節限定", "無添加", "国産", "お徳用", "贈答用", "定番"];
const SIZES = ["", " 2枚組", " 3個セット", " 500g", " 1kg", " 20包", " 5枚セット", " 詰め合わせ", " 小", " 大"];
const CATCHES = ["毎日の暮らしに", "贈り物にも喜ばれる", "産地直送でお届け", "ていねいに仕上げた", "ロングセラーの定番"];

const json = (list: readonly string[]) => `'${JSON.stringify(list).replace(/'/g, "''")}'`;
const pick = (list: readonly string[], index: string) => `json_extract(${json(list)}, '$[' || ((${index}) % ${list.length}) || ']')`;

/** The scale catalogue's products are SCALE-000001 …; the first one's page is measured. */
export const SCALE_FIRST_SKU = "SCALE-000001";

export function scaleCatalogueSql(count: number, now: number): string {
  // LIMIT/OFFSET cannot name the row, so categories and merchants are numbered and joined by i modulo their count.
  const numbers = `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count}),
  cats(k, id, total) as (select row_number() over (order by id) - 1, id, count(*) over () from categories),
  sellers(k, id, total) as (select row_number() over (order by id) - 1, id, count(*) over () from merchants)`;
  const title = `${pick(QUALITIES, "i / 7")} || ' ' || ${pick(PLACES, "i")} || ' ' || ${pick(ITEMS, "i / 3")} || ${pick(SIZES, "i / 11")}`;
  return `
${numbers}
insert into products (sku, title, catchcopy, description, type, status, tax_rate, regular_price, discount_price,
  primary_category_id, shipping_from, merchant_id, shipping_days, inventory, review_count, review_avg_x10,
  created_at, published_at, updated_at)
select 'SCALE-' || printf('%06d', i), ${title},
  ${pick(CATCHES, "i / 5")} || '、' || ${pick(PLACES, "i")} || 'の' || ${pick(ITEMS, "i / 3")},
  '<p>' || ${pick(PLACES, "i")} || 'で作られた' || ${pick(ITEMS, "i / 3")} || 'です。' || ${pick(CATCHES, "i / 13")} || '。</p>',
  case when i % 10 = 0 then 'variation' else 'simple' end, 'published',
  case when (i / 3) % ${ITEMS.length} between 6 and 16 then 8 else 10 end,
  500 + (i * 37) % 9500, case when i % 9 = 0 then 400 + (i * 37) % 9000 else null end,
  cats.id,
  case when i % 4 = 0 then 'merchant' else 'warehouse' end,
  case when i % 4 = 0 then sellers.id else null end,
  1 + i % 5, case when i % 23 = 0 then 0 else 5 + i % 200 end,
  case when i % 5 = 0 then 1 + i % 40 else 0 end, case when i % 5 = 0 then 30 + i % 21 else 0 end,
  ${now} - i * 60000, ${now} - i * 60000, ${now} - i * 60000
from n join cats on cats.k = n.i % cats.total join sellers on sellers.k = n.i % sellers.total;

insert into product_categories (product_id, category_id)
select id, primary_category_id from products where sku like 'SCALE-%';

insert into product_features (product_id, feature_id)
select id, 1 + id % (select count(*) from features) from products where sku like 'SCALE-%'
union
select id, 1 + (id / 3) % (select count(*) from features) from products where sku like 'SCALE-%';

insert into product_variations (product_id, sku, title, inventory, position)
select p.id, p.sku || '-' || v.n, json_extract('["S","M","L"]', '$[' || (v.n - 1) || ']'), 10 * v.n, v.n - 1
from products p join (select 1 as n union all select 2 union all select 3) v
where p.sku like 'SCALE-%' and p.type = 'variation';

insert into reviews (product_id, nickname, title, rate, review, status, created_at)
select id, 'ベンチ' || (id % 97), 'よかったです', 3 + id % 3, '<p>また買います。</p>', 'published', ${now} - id * 1000
from products where sku like 'SCALE-%' and review_count > 0;
`;
}

/** Adds the scale catalogue to the local store at `persistTo` (already migrated and seeded). */
export async function loadScaleCatalogue(persistTo: string, now = Date.now()): Promise<void> {
  const file = join(tmpdir(), `bench-catalogue-${process.pid}.sql`);
  writeFileSync(file, scaleCatalogueSql(SCALE_PRODUCT_COUNT, now));
  await run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file]);
  // Written with SQL, the products carry only the triggers' raw-text index rows: index them as the services would.
  await run("node", ["--import", "tsx", "scripts/reindex-search.ts", "--persist-to", persistTo]);
}
