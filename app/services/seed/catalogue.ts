/**
 * The demo catalogue: pure data, no I/O. Every row has a fixed id so seeding is idempotent.
 * The DEMO-* SKUs are fixtures whose exact states tests and demos rely on (see tests/integration/seed.test.ts).
 * The products are not rows but what the product editor's form would hold (`demoProducts`): the seed saves
 * them through the editor's schema and statements (app/services/seed/seed-products.server.ts).
 */
import { addMonthsToDate, daysAfter, jstDate } from "~/core/dates";
import type { ProductFormInput } from "~/core/catalogue/product-form";
import type {
  categories,
  couponCampaigns,
  couponPriceRanges,
  couponProductPrices,
  coupons,
  features,
  merchants,
  pointPromos,
  productMedia,
  productOptionChoices,
  productOptions,
  products,
  productVariations,
  relatedProducts,
  reviews,
  tags,
  variationChoices,
} from "~/db/schema";
import type { NewRowIds } from "~/services/catalogue/product-editor-statements.server";

type ProductRow = typeof products.$inferInsert;

/** Product fields beyond the common ones, named as the product editor's form names them (app/core/catalogue/product-form.ts). */
type EditorExtra = Partial<
  Pick<
    ProductRow,
    | "type"
    | "discountPrice"
    | "originalPrice"
    | "shippingDays"
    | "preorderLimit"
    | "inventoryPreorderMax"
    | "disablePreorder"
    | "subscribe"
    | "subscribeOnly"
    | "period"
    | "expiry"
    | "coldshipping"
    | "isDigital"
    | "hideShippingInfo"
    | "couponDisabled"
    | "disableWrapping"
  >
> & { excludedCouponCodes?: string[]; variationHeading?: string };

/** Not the editor's: the listing state and the private link (app/core/catalogue/product-status.ts moves a product between states). */
type ListingExtra = Partial<Pick<ProductRow, "status" | "isPrivate" | "secret">>;

/** Secret of the private fixture's access link /product/access/link/DEMO-PRIVATE/{secret}. */
export const DEMO_PRIVATE_SECRET = "9f3c2a7be14d4c0f8a6e5b1d2c7f0e93";

export function productImagePath(sku: string): string {
  return `/images/products/${sku.toLowerCase()}.svg`;
}

function html(paragraphs: string[], list?: { heading: string; items: string[] }): string {
  const body = paragraphs.map((text) => `<p>${text}</p>`).join("");
  if (!list) return body;
  return `${body}<h3>${list.heading}</h3><ul>${list.items.map((item) => `<li>${item}</li>`).join("")}</ul>`;
}

// ─── Merchants, categories, features, tags ──────────────────────────────────────────────────

export const MERCHANTS = [
  {
    id: 1,
    slug: "maruyama-tea",
    name: "丸山製茶（静岡・牧之原）",
    description: "牧之原台地で三代続く茶園です。自園で育てた茶葉を自社工場で仕上げ、摘みたての香りのままお届けします。",
    shippingFee: 660,
    freeShippingThreshold: 5400,
    contactName: "丸山 健一",
    contactEmail: "eigyo@maruyama-tea.example.jp",
    contactPhone: "0548271234",
    legalName: "有限会社丸山製茶",
    representative: "代表取締役 丸山 茂",
    postalCode: "4210512",
    address: "静岡県牧之原市勝田1234-5",
    phone: "0548271234",
    email: "shop@maruyama-tea.example.jp",
  },
  {
    id: 2,
    slug: "arita-seika",
    name: "有田 青華窯",
    description: "佐賀県有田町の窯元です。白磁の器に、職人が一点ずつ藍の染付を手描きしています。",
    shippingFee: 990,
    freeShippingThreshold: 11000,
    contactName: "窯元 太郎",
    contactEmail: "info@arita-seika.example.jp",
    contactPhone: "0955425678",
    legalName: "株式会社青華窯",
    representative: "代表取締役 窯元 太郎",
    postalCode: "8441006",
    address: "佐賀県西松浦郡有田町大樽2-3-4",
    phone: "0955425678",
    email: "order@arita-seika.example.jp",
  },
  {
    id: 3,
    slug: "tokachi-farm",
    name: "十勝しあわせ牧場",
    description: "北海道・十勝平野の家族経営の牧場です。搾りたての生乳から、バターやチーズを手づくりしています。",
    shippingFee: 1100,
    freeShippingThreshold: 8640,
    contactName: "牧場 花子",
    contactEmail: "office@tokachi-farm.example.jp",
    contactPhone: "0155629012",
    legalName: "有限会社十勝しあわせ牧場",
    representative: "代表取締役 牧場 一郎",
    postalCode: "0800341",
    address: "北海道河東郡音更町字音更西2線15番地",
    phone: "0155629012",
    email: "shop@tokachi-farm.example.jp",
  },
  {
    id: 4,
    slug: "kyoto-hannari",
    name: "京都 はんなり本舗",
    description: "京都・西陣の小さな化粧品メーカーです。米ぬかや椿油など、昔ながらの素材を生かしたスキンケアをつくっています。",
    shippingFee: 550,
    freeShippingThreshold: 3300,
    contactName: "西陣 彩",
    contactEmail: "contact@kyoto-hannari.example.jp",
    contactPhone: "0754413456",
    legalName: "株式会社はんなり本舗",
    representative: "代表取締役 西陣 京子",
    postalCode: "6028216",
    address: "京都府京都市上京区堀川通今出川下る西陣町45 はんなりビル2階",
    phone: "0754413456",
    email: "support@kyoto-hannari.example.jp",
  },
  {
    id: 5,
    slug: "azumino-honey",
    name: "安曇野はちみつ工房",
    description: "長野県安曇野市の養蜂園です。北アルプスのふもとで採れた国産はちみつを、加熱せずに瓶詰めしています。",
    shippingFee: 770,
    freeShippingThreshold: null,
    contactName: "蜂谷 守",
    contactEmail: "hachiya@azumino-honey.example.jp",
    contactPhone: "0263827890",
    legalName: "安曇野はちみつ工房（蜂谷 守）",
    representative: "蜂谷 守",
    postalCode: "3998205",
    address: "長野県安曇野市豊科高家678-9",
    phone: "0263827890",
    email: "info@azumino-honey.example.jp",
  },
] as const satisfies readonly (typeof merchants.$inferInsert)[];

type MerchantSlug = (typeof MERCHANTS)[number]["slug"];

export const CATEGORIES = [
  { id: 1, slug: "food", name: "食品", parentId: null, position: 1, icon: "🍚", description: "お米、調味料、乳製品など、毎日の食卓を支える食品。" },
  { id: 2, slug: "drink", name: "飲料・お茶", parentId: null, position: 2, icon: "🍵", description: "日本茶、コーヒー、ジュースなどの飲み物。" },
  { id: 3, slug: "sweets", name: "スイーツ", parentId: null, position: 3, icon: "🍡", description: "和菓子から焼き菓子まで、ご褒美にも贈り物にも。" },
  { id: 4, slug: "kitchen", name: "キッチン・食器", parentId: null, position: 4, icon: "🍽️", description: "職人の器や、長く使える調理道具。" },
  { id: 5, slug: "beauty", name: "美容・コスメ", parentId: null, position: 5, icon: "💄", description: "自然素材のスキンケアとボディケア。" },
  { id: 6, slug: "health", name: "健康", parentId: null, position: 6, icon: "🌿", description: "毎日の健康づくりとセルフケアに。" },
  { id: 7, slug: "living", name: "生活雑貨", parentId: null, position: 7, icon: "🏠", description: "タオル、寝具、インテリアなど暮らしの道具。" },
  { id: 8, slug: "gift", name: "ギフト", parentId: null, position: 8, icon: "🎁", description: "内祝いや季節のご挨拶に喜ばれる詰め合わせ。" },
  { id: 9, slug: "seasoning", name: "調味料", parentId: 1, position: 1, icon: "", description: "醤油、味噌、だしなど、料理の味を決める調味料。" },
  { id: 10, slug: "dairy", name: "乳製品", parentId: 1, position: 2, icon: "", description: "牧場直送のバターやチーズ。" },
  { id: 11, slug: "japanese-tea", name: "日本茶", parentId: 2, position: 1, icon: "", description: "煎茶、ほうじ茶、玉露など産地直送の日本茶。" },
  { id: 12, slug: "coffee", name: "コーヒー", parentId: 2, position: 2, icon: "", description: "自家焙煎の豆とドリップバッグ。" },
  { id: 13, slug: "tableware", name: "器・食器", parentId: 4, position: 1, icon: "", description: "有田焼や備前焼など、産地の器。" },
  { id: 14, slug: "skincare", name: "スキンケア", parentId: 5, position: 1, icon: "", description: "化粧水、洗顔石けん、美容オイル。" },
] as const satisfies readonly (typeof categories.$inferInsert)[];

export type CategorySlug = (typeof CATEGORIES)[number]["slug"];

export const FEATURES = [
  { id: 1, slug: "free-shipping", name: "送料無料" },
  { id: 2, slug: "made-in-japan", name: "国産" },
  { id: 3, slug: "additive-free", name: "無添加" },
  { id: 4, slug: "organic", name: "オーガニック" },
  { id: 5, slug: "gift-ready", name: "ギフト対応" },
  { id: 6, slug: "limited-time", name: "期間限定" },
  { id: 7, slug: "new-arrival", name: "新商品" },
  { id: 8, slug: "subscription", name: "定期便対象" },
  { id: 9, slug: "chilled", name: "冷蔵便" },
  { id: 10, slug: "limited-quantity", name: "数量限定" },
  { id: 11, slug: "handmade", name: "手づくり" },
  { id: 12, slug: "traditional-craft", name: "伝統工芸" },
  { id: 13, slug: "sugar-free", name: "砂糖不使用" },
  { id: 14, slug: "gluten-free", name: "グルテンフリー" },
  { id: 15, slug: "dishwasher-safe", name: "食洗機対応" },
  { id: 16, slug: "fragrance-free", name: "無香料" },
  { id: 17, slug: "eco-friendly", name: "環境にやさしい" },
  { id: 18, slug: "staff-pick", name: "スタッフおすすめ" },
  { id: 19, slug: "award-winning", name: "受賞商品" },
  { id: 20, slug: "digital", name: "ダウンロード商品" },
] as const;

type FeatureSlug = (typeof FEATURES)[number]["slug"];

export const TAGS = [
  { id: 1, kind: "trouble", slug: "dry-skin", name: "肌の乾燥" },
  { id: 2, kind: "trouble", slug: "stiff-shoulders", name: "肩こり" },
  { id: 3, kind: "trouble", slug: "sleep", name: "睡眠" },
  { id: 4, kind: "trouble", slug: "poor-circulation", name: "冷え" },
  { id: 5, kind: "trouble", slug: "fatigue", name: "疲れやすい" },
  { id: 6, kind: "trouble", slug: "digestion", name: "おなかの調子" },
  { id: 7, kind: "situation", slug: "gift", name: "贈り物" },
  { id: 8, kind: "situation", slug: "breakfast", name: "朝食" },
  { id: 9, kind: "situation", slug: "outdoor", name: "アウトドア" },
  { id: 10, kind: "situation", slug: "relax", name: "くつろぎ時間" },
  { id: 11, kind: "situation", slug: "party", name: "ホームパーティー" },
  { id: 12, kind: "situation", slug: "everyday", name: "毎日の暮らし" },
] as const;

type TagSlug = (typeof TAGS)[number]["slug"];

// ─── Products ───────────────────────────────────────────────────────────────────────────────

export interface ProductSpec {
  id: number;
  sku: string;
  title: string;
  /** Short name drawn on the product picture. */
  label: string;
  catchcopy: string;
  description: string;
  category: CategorySlug;
  features: FeatureSlug[];
  tags?: TagSlug[];
  price: number;
  taxRate: 8 | 10;
  /** The product's own stock; none for a variation product, whose stock is its variations'. */
  inventory?: number;
  /** Days between publication and the seed's `now`. */
  age: number;
  merchant?: MerchantSlug;
  /** Pre-order stock ships this many months after `now`. */
  preorderInMonths?: number;
  extra?: EditorExtra & ListingExtra;
}

export const PRODUCTS: ProductSpec[] = [
  // Fixtures.
  {
    id: 1,
    sku: "DEMO-SIMPLE",
    title: "泉州タオル フェイスタオル 2枚組（ホワイト）",
    label: "泉州タオル",
    catchcopy: "後晒し製法で、洗うほどにふんわり。",
    description: html(
      [
        "大阪・泉州の老舗タオル工場で織り上げた、やわらかな綿100%のフェイスタオルです。",
        "織ったあとに糊や油を落とす「後晒し」製法のため、最初から吸水性が高く、洗うたびに肌ざわりがなじんでいきます。",
      ],
      { heading: "商品仕様", items: ["サイズ：約34×85cm", "素材：綿100%", "生産国：日本（大阪府泉佐野市）"] },
    ),
    category: "living",
    features: ["made-in-japan", "gift-ready", "staff-pick"],
    tags: ["everyday", "gift"],
    price: 1980,
    taxRate: 10,
    inventory: 100,
    age: 240,
  },
  {
    id: 2,
    sku: "DEMO-LOWSTOCK",
    title: "南部鉄器 急須 0.45L（あられ）",
    label: "南部鉄器 急須",
    catchcopy: "盛岡の職人が一つずつ鋳込んだ、一生ものの急須。",
    description: html(
      [
        "岩手県盛岡市の工房で、砂型から一つずつ鋳込んでつくる南部鉄器の急須です。",
        "内側はホーロー加工のため、さびにくくお手入れも簡単。ステンレスの茶こし付きで、茶葉からまろやかなお茶を淹れられます。",
      ],
      { heading: "商品仕様", items: ["容量：0.45L", "素材：鋳鉄（内面ホーロー加工）", "※直火・IHではご使用いただけません"] },
    ),
    category: "kitchen",
    features: ["traditional-craft", "made-in-japan", "gift-ready"],
    tags: ["relax", "gift"],
    price: 8800,
    taxRate: 10,
    inventory: 3,
    age: 300,
  },
  {
    id: 3,
    sku: "DEMO-SOLDOUT",
    title: "備前焼 ビアマグ（窯変）",
    label: "備前焼 ビアマグ",
    catchcopy: "釉薬を使わない焼き締めで、きめ細かな泡に。",
    description: html([
      "岡山県備前市の窯元が、釉薬を使わずに高温でじっくり焼き締めたビアマグです。",
      "器の表面の細かな凹凸がきめ細かな泡を生み、ビールの口当たりがまろやかになります。窯の中の炎がつくる模様は一つひとつ異なります。",
    ]),
    category: "tableware",
    features: ["traditional-craft", "handmade", "made-in-japan"],
    tags: ["party", "relax"],
    price: 4950,
    taxRate: 10,
    inventory: 0,
    age: 400,
  },
  {
    id: 4,
    sku: "DEMO-PREORDER",
    title: "会津木綿 ストール（縞）【予約販売】",
    label: "会津木綿 ストール",
    catchcopy: "織元の次回の織り上がり分を、ご予約受付中です。",
    description: html(
      [
        "福島県会津地方に400年続く会津木綿で仕立てた、軽くて丈夫なストールです。",
        "古い織機でゆっくり織るため生産数に限りがあり、現在は次回織り上がり分のご予約を承っています。発送予定日になりましたら順次お届けします。",
      ],
      { heading: "商品仕様", items: ["サイズ：約50×180cm", "素材：綿100%", "生産国：日本（福島県会津若松市）"] },
    ),
    category: "living",
    features: ["handmade", "traditional-craft", "limited-quantity"],
    tags: ["gift", "everyday"],
    price: 5280,
    taxRate: 10,
    inventory: 0,
    age: 20,
    preorderInMonths: 2,
    extra: { preorderLimit: 30, inventoryPreorderMax: 20, disablePreorder: false },
  },
  {
    id: 5,
    sku: "DEMO-SHIPDAYS",
    title: "木曽ひのき まな板 42cm（受注生産）",
    label: "ひのき まな板",
    catchcopy: "ご注文を受けてから削り出し、約10日でお届けします。",
    description: html(
      [
        "長野県木曽地方で育ったひのきの一枚板を、ご注文ごとに職人が削り出してお作りします。",
        "ひのき特有の香りと適度な弾力で、包丁の刃あたりがやさしいのが特長です。仕上げに時間をかけるため、発送までに約10日いただきます。",
      ],
      { heading: "商品仕様", items: ["サイズ：約42×24×厚さ2.5cm", "素材：木曽ひのき（無塗装）", "生産国：日本"] },
    ),
    category: "kitchen",
    features: ["handmade", "made-in-japan", "eco-friendly"],
    tags: ["everyday"],
    price: 6380,
    taxRate: 10,
    inventory: 50,
    age: 150,
    extra: { shippingDays: 10 },
  },
  {
    id: 6,
    sku: "DEMO-VARIATION",
    title: "綿麻 ワークエプロン",
    label: "ワークエプロン",
    catchcopy: "キッチンにも庭仕事にも。洗うほどなじむ綿麻素材。",
    description: html(
      [
        "岡山の縫製工場で仕立てた、綿と麻を織り交ぜたワークエプロンです。",
        "大きめのポケットが2つあり、首ひもは長さを調節できます。紺のみS・M・Lの3サイズ、ほかのカラーはフリーサイズです。",
      ],
      { heading: "商品仕様", items: ["素材：綿55%・麻45%", "フリーサイズ：着丈約85cm", "生産国：日本"] },
    ),
    category: "living",
    features: ["made-in-japan", "staff-pick"],
    tags: ["everyday", "outdoor"],
    price: 4180,
    taxRate: 10,
    age: 90,
    extra: { type: "variation", variationHeading: "カラー" },
  },
  {
    id: 7,
    sku: "DEMO-OPTIONS",
    title: "若狭塗 箸 23cm（貝殻散らし）",
    label: "若狭塗 箸",
    catchcopy: "貝殻や卵殻を塗り込めた、福井・小浜の伝統の箸。",
    description: html([
      "福井県小浜市の塗師が、何度も漆を塗り重ねては研ぎ出して仕上げた若狭塗の箸です。",
      "箸先まで滑りにくく、毎日の食事に使いやすい長さです。化粧箱や桐箱、有田焼の箸置きも一緒にご注文いただけます。",
    ]),
    category: "kitchen",
    features: ["traditional-craft", "gift-ready", "made-in-japan"],
    tags: ["gift"],
    price: 2750,
    taxRate: 10,
    inventory: 80,
    age: 200,
  },
  {
    id: 8,
    sku: "DEMO-SUBSCRIBE",
    title: "静岡 深蒸し茶 やぶきた 100g",
    label: "深蒸し茶",
    catchcopy: "濃い緑色と、まろやかな甘み。定期便ならさらにお得です。",
    description: html(
      [
        "静岡県産のやぶきた茶葉を通常の2〜3倍の時間をかけて蒸した、深蒸し煎茶です。",
        "渋みがおだやかで、急須でも水出しでも濃い緑色のお茶になります。毎月届く定期便は、数量に応じて1袋あたりの価格がお安くなります。",
      ],
      { heading: "おいしい淹れ方", items: ["茶葉：ティースプーン2杯（約6g）", "お湯：80℃を200ml", "浸出時間：30〜40秒"] },
    ),
    category: "japanese-tea",
    features: ["subscription", "made-in-japan", "award-winning"],
    tags: ["breakfast", "relax"],
    price: 1620,
    taxRate: 8,
    inventory: 240,
    age: 500,
    extra: { subscribe: true, period: 1, expiry: "製造日より12か月" },
  },
  {
    id: 9,
    sku: "DEMO-SUBONLY",
    title: "国産 大麦若葉の青汁 30包【定期便専用】",
    label: "大麦若葉の青汁",
    catchcopy: "九州産の大麦若葉だけで作った、毎朝の一杯。",
    description: html(
      [
        "大分県産の大麦若葉を、収穫後すぐに粉末にした青汁です。香料・甘味料は使っていません。",
        "毎日続けていただけるよう、定期便専用でお届けしています。水や牛乳によく溶け、抹茶のようにすっきりと飲めます。",
      ],
      { heading: "原材料", items: ["大麦若葉（大分県産）", "1包3g×30包", "賞味期限：製造日より18か月"] },
    ),
    category: "health",
    features: ["subscription", "made-in-japan", "additive-free"],
    tags: ["fatigue", "digestion", "breakfast"],
    price: 3564,
    taxRate: 8,
    inventory: 150,
    age: 350,
    extra: { subscribe: true, subscribeOnly: true, period: 1, expiry: "製造日より18か月" },
  },
  {
    id: 10,
    sku: "DEMO-MERCHANT",
    title: "有田焼 染付 豆皿 5枚セット",
    label: "有田焼 豆皿",
    catchcopy: "青華窯の手描き染付。小さな器で食卓に彩りを。",
    description: html(
      [
        "有田 青華窯の職人が、藍の絵付けを一枚ずつ手描きした直径9cmの豆皿です。",
        "唐草・青海波・松竹梅など5種の文様を揃えました。薬味や和菓子、アクセサリー置きにもお使いいただけます。",
      ],
      { heading: "商品仕様", items: ["サイズ：直径約9cm", "食洗機・電子レンジ使用可", "窯元から直送します"] },
    ),
    category: "tableware",
    features: ["traditional-craft", "dishwasher-safe", "made-in-japan"],
    tags: ["gift", "party"],
    price: 5500,
    taxRate: 10,
    inventory: 40,
    age: 180,
    merchant: "arita-seika",
    extra: { disableWrapping: true, shippingDays: 3 },
  },
  {
    id: 11,
    sku: "DEMO-COLD",
    title: "京のぬか漬け 詰め合わせ（5種）",
    label: "ぬか漬け",
    catchcopy: "創業百年のぬか床で漬けた、季節の野菜。要冷蔵でお届けします。",
    description: html(
      [
        "京都・錦市場近くの漬物店で、代々受け継がれたぬか床に漬け込んだ季節の野菜を5種詰め合わせました。",
        "乳酸菌が生きたままのため、クール便（冷蔵）でのお届けとなります。届いたらすぐに冷蔵庫で保存してください。",
      ],
      { heading: "内容", items: ["きゅうり・なす・かぶ・大根・にんじん", "保存方法：要冷蔵（10℃以下）"] },
    ),
    category: "food",
    features: ["chilled", "additive-free", "made-in-japan"],
    tags: ["digestion", "breakfast"],
    price: 2480,
    taxRate: 8,
    inventory: 60,
    age: 60,
    extra: { coldshipping: "required", expiry: "出荷日より7日（要冷蔵）" },
  },
  {
    id: 12,
    sku: "DEMO-COLDOPT",
    title: "宇治抹茶 生チョコレート 16粒",
    label: "抹茶生チョコ",
    catchcopy: "濃厚な宇治抹茶をたっぷり練り込んだ、口どけなめらかな生チョコ。",
    description: html([
      "京都府宇治市の抹茶をぜいたくに使い、ほろ苦さと甘さのバランスに仕上げた生チョコレートです。",
      "気温の高い時期やお届けまでに日数がかかる地域へは、クール便（別料金）でのお届けをおすすめします。",
    ]),
    category: "sweets",
    features: ["gift-ready", "limited-time"],
    tags: ["gift", "relax"],
    price: 1944,
    taxRate: 8,
    inventory: 90,
    age: 25,
    extra: { coldshipping: "optional", expiry: "製造日より30日" },
  },
  {
    id: 13,
    sku: "DEMO-DIGITAL",
    title: "旬を味わう 和食の献立レシピブック（PDF版）",
    label: "和食レシピブック",
    catchcopy: "季節の食材でつくる一汁三菜を、48献立収録。",
    description: html(
      [
        "料理研究家が監修した、季節ごとの和食の献立を48通り収録したレシピブックです。",
        "ご購入後すぐにマイページからPDFをダウンロードいただけます。スマートフォンやタブレットでもご覧いただけます。",
      ],
      { heading: "ご注意", items: ["商品の発送はございません", "ダウンロード商品のため、購入後のキャンセル・返品はお受けできません"] },
    ),
    category: "kitchen",
    features: ["digital", "new-arrival"],
    tags: ["everyday", "breakfast"],
    price: 1100,
    taxRate: 10,
    inventory: 999,
    age: 10,
    extra: { isDigital: true, hideShippingInfo: true, disableWrapping: true },
  },
  {
    id: 14,
    sku: "DEMO-FOOD",
    title: "紀州南高梅 昔ながらのしそ漬け梅干し 300g",
    label: "しそ漬け梅干し",
    catchcopy: "塩と赤じそだけで漬けた、すっぱくて懐かしい味。",
    description: html(
      [
        "和歌山県みなべ町の契約農家が育てた南高梅を、塩と赤じそだけで漬け込んだ昔ながらの梅干しです。",
        "塩分は約20%。ごはんのお供やおにぎりの具に、そのままでも刻んでお料理にもお使いいただけます。",
      ],
      { heading: "商品情報", items: ["原材料：梅（和歌山県産）、漬け原材料（食塩、赤しそ）", "内容量：300g", "保存方法：直射日光・高温多湿を避けて保存"] },
    ),
    category: "food",
    features: ["made-in-japan", "additive-free"],
    tags: ["fatigue", "breakfast"],
    price: 1620,
    taxRate: 8,
    inventory: 120,
    age: 420,
    extra: { expiry: "製造日より180日" },
  },
  {
    id: 15,
    sku: "DEMO-PRIVATE",
    title: "会員様限定 特選 八女玉露 50g",
    label: "特選 八女玉露",
    catchcopy: "ご案内をお送りした会員様だけにご紹介する、特別な玉露です。",
    description: html([
      "福岡県八女市の茶園で、収穫前に約20日間覆いをかけて育てた玉露です。",
      "生産量がごく少ないため、ご案内メールをお受け取りの会員様限定で販売しています。ぬるめのお湯で、とろりとした甘みをお楽しみください。",
    ]),
    category: "japanese-tea",
    features: ["limited-quantity", "award-winning", "made-in-japan"],
    tags: ["gift", "relax"],
    price: 3240,
    taxRate: 8,
    inventory: 30,
    age: 40,
    extra: { isPrivate: true, secret: DEMO_PRIVATE_SECRET, expiry: "製造日より12か月" },
  },
  {
    id: 16,
    sku: "DEMO-ARCHIVED",
    title: "【販売終了】夏限定 水出し緑茶 ティーバッグ 20包",
    label: "水出し緑茶",
    catchcopy: "今シーズンの販売は終了しました。",
    description: html([
      "冷たい水に入れて5分で飲める、夏限定の水出し緑茶ティーバッグです。",
      "今シーズンの販売は終了いたしました。ご愛顧ありがとうございました。",
    ]),
    category: "japanese-tea",
    features: ["limited-time"],
    tags: ["outdoor"],
    price: 1080,
    taxRate: 8,
    inventory: 10,
    age: 200,
    extra: { status: "archived", expiry: "製造日より12か月" },
  },
  {
    id: 17,
    sku: "DEMO-NOCOUPON",
    title: "鉄フライパン 26cm（職人仕上げ）",
    label: "鉄フライパン",
    catchcopy: "油がなじむほど焦げつきにくく育つ、一生ものの鉄フライパン。",
    description: html(
      [
        "新潟県燕市の職人が、一枚の鉄板を打ち出して仕上げたフライパンです。",
        "使い込むほど油がなじみ、焦げつきにくくなります。※本商品は価格据え置きのため、クーポンはご利用いただけません。",
      ],
      { heading: "商品仕様", items: ["サイズ：直径26cm", "素材：鉄（IH・ガス火対応）", "生産国：日本"] },
    ),
    category: "kitchen",
    features: ["made-in-japan", "handmade"],
    tags: ["everyday"],
    price: 7700,
    taxRate: 10,
    inventory: 45,
    age: 260,
    extra: { couponDisabled: true },
  },

  // 食品
  {
    id: 18,
    sku: "FOOD-RICE",
    title: "新潟県魚沼産 コシヒカリ 5kg",
    label: "魚沼産コシヒカリ",
    catchcopy: "粘りとつや、噛むほどの甘み。ご注文後に精米してお届けします。",
    description: html(
      [
        "新潟県魚沼地方の棚田で育ったコシヒカリを、ご注文をいただいてから精米してお届けします。",
        "炊き上がりのつやと粘り、冷めてもおいしい甘みが特長です。おにぎりやお弁当にもぴったりです。",
      ],
      { heading: "商品情報", items: ["産地：新潟県魚沼地域", "内容量：5kg", "精米日より1か月を目安にお召し上がりください"] },
    ),
    category: "food",
    features: ["made-in-japan", "free-shipping", "staff-pick"],
    tags: ["breakfast", "everyday"],
    price: 4980,
    taxRate: 8,
    inventory: 180,
    age: 600,
    extra: { discountPrice: 4580 },
  },
  {
    id: 19,
    sku: "FOOD-DASHI",
    title: "焼きあご入り 天然だしパック 8g×30袋",
    label: "天然だしパック",
    catchcopy: "煮出すだけで、料亭のような黄金色のおだし。",
    description: html([
      "長崎県産の焼きあご（とびうお）、かつお節、昆布、しいたけをブレンドした、化学調味料不使用のだしパックです。",
      "お湯で3〜5分煮出すだけで、香り高いおだしがとれます。お味噌汁やうどんつゆ、煮物にお使いください。",
    ]),
    category: "seasoning",
    features: ["additive-free", "made-in-japan"],
    tags: ["everyday", "breakfast"],
    price: 1944,
    taxRate: 8,
    inventory: 200,
    age: 380,
    extra: { expiry: "製造日より1年" },
  },
  {
    id: 20,
    sku: "FOOD-SOMEN",
    title: "播州 手延べ素麺 50g×18束",
    label: "手延べ素麺",
    catchcopy: "寒い冬に職人が延ばした、コシの強い細麺。",
    description: html([
      "兵庫県播州地方で、冬の寒い時期に職人が二日がかりで延ばした手延べ素麺です。",
      "茹でのびしにくく、つるりとしたのどごしが楽しめます。夏のお中元にも喜ばれています。",
    ]),
    category: "food",
    features: ["made-in-japan", "gift-ready"],
    tags: ["gift", "everyday"],
    price: 2160,
    taxRate: 8,
    inventory: 150,
    age: 330,
    extra: { expiry: "製造日より3年" },
  },
  {
    id: 21,
    sku: "FOOD-SOBA",
    title: "有機 十割そば（乾麺）200g×4袋",
    label: "有機 十割そば",
    catchcopy: "有機そば粉だけで打った、小麦粉不使用のおそば。",
    description: html([
      "北海道産の有機そば粉を100%使い、小麦粉を使わずに仕上げた十割そばの乾麺です。",
      "そば本来の香りとほどよい歯ごたえが楽しめます。小麦粉を控えている方にもおすすめです。",
    ]),
    category: "food",
    features: ["organic", "gluten-free", "made-in-japan"],
    tags: ["everyday"],
    price: 1728,
    taxRate: 8,
    inventory: 140,
    age: 210,
    extra: { expiry: "製造日より1年" },
  },
  {
    id: 22,
    sku: "FOOD-SHOYU",
    title: "木桶仕込み 天然醸造 こいくち醤油 900ml",
    label: "木桶仕込み醤油",
    catchcopy: "杉の木桶で二夏かけて熟成させた、まろやかな本醸造。",
    description: html([
      "香川県小豆島の蔵で、杉の木桶に仕込んで二夏じっくり熟成させたこいくち醤油です。",
      "角のとれたまろやかな塩味と豊かな香りで、お刺身やおひたしなど素材の味を引き立てます。",
    ]),
    category: "seasoning",
    features: ["made-in-japan", "additive-free", "traditional-craft"],
    tags: ["everyday"],
    price: 1080,
    taxRate: 8,
    inventory: 160,
    age: 450,
    extra: { expiry: "製造日より18か月" },
  },
  {
    id: 23,
    sku: "FOOD-MISO",
    title: "信州 三年熟成 手づくり味噌 1kg",
    label: "三年熟成 味噌",
    catchcopy: "国産大豆と米麹を、三年かけてゆっくり熟成。",
    description: html([
      "長野県の味噌蔵で、国産大豆と米麹、天日塩だけを使って仕込み、三年間熟成させた味噌です。",
      "深いコクと香りがあり、お味噌汁はもちろん、肉や魚の味噌漬けにもよく合います。",
    ]),
    category: "seasoning",
    features: ["handmade", "additive-free", "made-in-japan"],
    tags: ["digestion", "breakfast"],
    price: 1620,
    taxRate: 8,
    inventory: 110,
    age: 280,
    extra: { expiry: "製造日より10か月" },
  },
  {
    id: 24,
    sku: "FOOD-BUTTER",
    title: "十勝 発酵バター 無塩 200g",
    label: "十勝 発酵バター",
    catchcopy: "搾りたての生クリームを乳酸発酵させた、香り豊かなバター。",
    description: html([
      "十勝しあわせ牧場の生乳から分離したクリームを、乳酸菌でじっくり発酵させてつくるバターです。",
      "ヨーグルトのような爽やかな香りとコクがあり、トーストや焼き菓子づくりにおすすめです。冷蔵便で牧場から直送します。",
    ]),
    category: "dairy",
    features: ["chilled", "made-in-japan", "handmade"],
    tags: ["breakfast"],
    price: 1296,
    taxRate: 8,
    inventory: 70,
    age: 120,
    merchant: "tokachi-farm",
    extra: { coldshipping: "required", expiry: "製造日より90日（要冷蔵）" },
  },
  {
    id: 25,
    sku: "FOOD-CHEESE",
    title: "十勝 ナチュラルチーズ 食べ比べ 3種セット",
    label: "チーズ食べ比べ",
    catchcopy: "ゴーダ、カマンベール、モッツァレラを牧場から直送。",
    description: html(
      [
        "十勝しあわせ牧場の工房でつくる、3種類のナチュラルチーズの詰め合わせです。",
        "熟成の異なる味わいを食べ比べていただけます。ワインやパンと一緒に、ホームパーティーの一皿にどうぞ。",
      ],
      { heading: "内容", items: ["ゴーダ 150g", "カマンベール 120g", "モッツァレラ 100g"] },
    ),
    category: "dairy",
    features: ["chilled", "gift-ready", "made-in-japan"],
    tags: ["party", "gift"],
    price: 3780,
    taxRate: 8,
    inventory: 50,
    age: 95,
    merchant: "tokachi-farm",
    extra: { coldshipping: "required", expiry: "製造日より60日（要冷蔵）" },
  },
  {
    id: 26,
    sku: "FOOD-HONEY",
    title: "安曇野 国産 純粋はちみつ（アカシア）500g",
    label: "アカシアはちみつ",
    catchcopy: "加熱せずに瓶詰めした、すっきり上品な甘さ。",
    description: html([
      "長野県安曇野の山あいで採れたアカシアの花のはちみつを、加熱・ろ過しすぎずに瓶詰めしました。",
      "クセのないすっきりとした甘さで、ヨーグルトや紅茶によく合います。結晶しにくいのもアカシアはちみつの特長です。",
    ]),
    category: "food",
    features: ["made-in-japan", "additive-free"],
    tags: ["breakfast", "fatigue"],
    price: 3240,
    taxRate: 8,
    inventory: 60,
    age: 160,
    merchant: "azumino-honey",
    extra: { expiry: "製造日より2年", shippingDays: 3 },
  },
  {
    id: 27,
    sku: "FOOD-SCALLOP",
    title: "北海道産 ほたて貝柱 干し（割れ）100g",
    label: "ほたて貝柱",
    catchcopy: "形が不揃いなだけで、味は贈答品と同じ。数量限定のお買い得品です。",
    description: html([
      "北海道オホーツク産のほたて貝柱を、じっくり乾燥させた干し貝柱です。",
      "製造の途中で割れたものを集めたため、お手頃価格でご提供しています。炊き込みご飯やスープに入れると、濃厚なうま味が広がります。",
    ]),
    category: "food",
    features: ["made-in-japan", "limited-quantity"],
    tags: ["party"],
    price: 3480,
    taxRate: 8,
    inventory: 35,
    age: 70,
    extra: { discountPrice: 2980, expiry: "製造日より1年" },
  },
  {
    id: 28,
    sku: "FOOD-CURRY",
    title: "札幌 スープカレー レトルト 4食セット",
    label: "スープカレー",
    catchcopy: "大きな具材とスパイスの香り。温めるだけで本場の味。",
    description: html([
      "札幌の人気店が監修した、ごろっと大きな野菜とチキンが入ったスープカレーです。",
      "湯せんまたは電子レンジで温めるだけ。常温で保存できるので、キャンプや非常食にも便利です。",
    ]),
    category: "food",
    features: ["new-arrival", "made-in-japan"],
    tags: ["outdoor", "everyday"],
    price: 2592,
    taxRate: 8,
    inventory: 130,
    age: 7,
    extra: { expiry: "製造日より18か月" },
  },
  {
    id: 29,
    sku: "FOOD-DRESSING",
    title: "瀬戸内レモン ドレッシング 300ml",
    label: "レモンドレッシング",
    catchcopy: "広島県産レモンの果汁と皮を使った、爽やかな酸味。",
    description: html([
      "広島県大崎上島で育ったレモンの果汁と皮を、たっぷり使ったノンオイルドレッシングです。",
      "サラダはもちろん、焼き魚やから揚げにかけても爽やかにいただけます。",
    ]),
    category: "seasoning",
    features: ["made-in-japan"],
    tags: ["everyday", "party"],
    price: 756,
    taxRate: 8,
    inventory: 180,
    age: 140,
    extra: { expiry: "製造日より1年" },
  },

  // 飲料・お茶
  {
    id: 30,
    sku: "DRINK-SENCHA",
    title: "牧之原 一番茶 深蒸し煎茶 100g",
    label: "一番茶 煎茶",
    catchcopy: "春いちばんに摘んだ新芽だけを使った、香り高い煎茶。",
    description: html(
      [
        "丸山製茶の茶園で、その年の最初に芽吹いた新芽だけを摘み取って仕上げた一番茶です。",
        "深蒸しならではのまろやかさに、一番茶らしいさわやかな香りが重なります。全国茶品評会で入賞した茶園の自信作です。",
      ],
      { heading: "おいしい淹れ方", items: ["茶葉：6g", "お湯：70〜80℃を200ml", "浸出時間：40秒"] },
    ),
    category: "japanese-tea",
    features: ["made-in-japan", "award-winning"],
    tags: ["relax", "gift"],
    price: 1296,
    taxRate: 8,
    inventory: 200,
    age: 365,
    merchant: "maruyama-tea",
    extra: { expiry: "製造日より12か月" },
  },
  {
    id: 31,
    sku: "DRINK-HOJICHA",
    title: "有機 ほうじ茶 ティーバッグ 3g×30包",
    label: "有機ほうじ茶",
    catchcopy: "香ばしくてカフェイン控えめ。夜のひとときにも。",
    description: html([
      "有機栽培の茶葉を、丸山製茶の焙煎機で香ばしく焙じたほうじ茶です。",
      "カフェインが少なめなので、夕食後やおやすみ前にも安心してお飲みいただけます。",
    ]),
    category: "japanese-tea",
    features: ["organic", "made-in-japan"],
    tags: ["relax", "sleep"],
    price: 864,
    taxRate: 8,
    inventory: 220,
    age: 250,
    merchant: "maruyama-tea",
    extra: { expiry: "製造日より12か月" },
  },
  {
    id: 32,
    sku: "DRINK-MATCHA",
    title: "静岡 本山 抹茶（粉末）40g",
    label: "本山 抹茶",
    catchcopy: "お点前にも、お菓子づくりにも使える石臼挽き抹茶。",
    description: html([
      "静岡市本山地区の碾茶を、石臼でゆっくり挽いた抹茶です。",
      "鮮やかな緑色とほどよい渋みがあり、薄茶としてはもちろん、ラテやお菓子づくりにもお使いいただけます。",
    ]),
    category: "japanese-tea",
    features: ["made-in-japan"],
    tags: ["relax", "party"],
    price: 2160,
    taxRate: 8,
    inventory: 80,
    age: 190,
    merchant: "maruyama-tea",
    extra: { expiry: "製造日より6か月" },
  },
  {
    id: 33,
    sku: "DRINK-GENMAI",
    title: "抹茶入り 玄米茶 200g",
    label: "抹茶入り玄米茶",
    catchcopy: "香ばしい炒り玄米と、ふわりと香る抹茶。",
    description: html([
      "静岡県産の煎茶に、香ばしく炒った国産玄米と抹茶をブレンドしました。",
      "熱湯で手軽に淹れられるので、毎日のお食事のお供や、たくさん淹れる来客時にも便利です。",
    ]),
    category: "japanese-tea",
    features: ["made-in-japan"],
    tags: ["everyday"],
    price: 918,
    taxRate: 8,
    inventory: 170,
    age: 310,
    merchant: "maruyama-tea",
    extra: { expiry: "製造日より12か月" },
  },
  {
    id: 34,
    sku: "DRINK-BEANS",
    title: "自家焙煎 スペシャルティコーヒー豆 中深煎り 200g",
    label: "コーヒー豆 中深煎り",
    catchcopy: "ご注文ごとに焙煎。チョコレートのようなコクと甘い余韻。",
    description: html(
      [
        "エチオピアとブラジルの豆をブレンドし、ご注文をいただいてから当店で焙煎します。",
        "ビターチョコレートのようなコクと、後味に残る甘さが特長です。ミルクとの相性も抜群です。",
      ],
      { heading: "商品情報", items: ["焙煎度：中深煎り", "内容量：200g（豆のまま）", "粉に挽いてのお届けはできません"] },
    ),
    category: "coffee",
    features: ["staff-pick"],
    tags: ["breakfast", "relax"],
    price: 1620,
    taxRate: 8,
    inventory: 140,
    age: 110,
    extra: { expiry: "焙煎日より60日" },
  },
  {
    id: 35,
    sku: "DRINK-DRIP",
    title: "ドリップバッグ コーヒー 飲み比べ 10袋",
    label: "ドリップバッグ",
    catchcopy: "カップにかけてお湯を注ぐだけ。5種類の味を飲み比べ。",
    description: html([
      "当店で焙煎した5種類のコーヒーを、1杯分ずつドリップバッグに詰めました。",
      "オフィスやアウトドアでも、お湯さえあれば本格的なハンドドリップの味わいを楽しめます。",
    ]),
    category: "coffee",
    features: ["gift-ready"],
    tags: ["outdoor", "everyday"],
    price: 1188,
    taxRate: 8,
    inventory: 260,
    age: 230,
    extra: { expiry: "製造日より1年" },
  },
  {
    id: 36,
    sku: "DRINK-APPLE",
    title: "青森県産 ストレート りんごジュース 1L×6本",
    label: "りんごジュース",
    catchcopy: "りんごを搾っただけ。砂糖も水も加えていません。",
    description: html([
      "青森県弘前市の園地で育ったふじとジョナゴールドを搾った、ストレート果汁100%のりんごジュースです。",
      "砂糖や香料、水を加えていないので、りんご本来の甘みと酸味が楽しめます。",
    ]),
    category: "drink",
    features: ["free-shipping", "additive-free", "made-in-japan"],
    tags: ["breakfast", "gift"],
    price: 3888,
    taxRate: 8,
    inventory: 90,
    age: 130,
    extra: { discountPrice: 3480, expiry: "製造日より1年" },
  },
  {
    id: 37,
    sku: "DRINK-SAKE",
    title: "新潟 純米吟醸酒 720ml",
    label: "純米吟醸酒",
    catchcopy: "淡麗でやわらかな口当たり。冷やしても、ぬる燗でも。",
    description: html(
      ["新潟県の酒蔵が、地元産の酒米「五百万石」を55%まで磨いて醸した純米吟醸酒です。", "果実のような吟醸香と、すっきりとした後味が特長です。"],
      { heading: "ご注意", items: ["20歳未満の方の飲酒は法律で禁止されています", "アルコール分：15度"] },
    ),
    category: "drink",
    features: ["made-in-japan", "gift-ready"],
    tags: ["gift", "party"],
    price: 2750,
    taxRate: 10,
    inventory: 75,
    age: 270,
  },
  {
    id: 38,
    sku: "DRINK-YOGURT",
    title: "十勝 のむヨーグルト 150g×6本",
    label: "のむヨーグルト",
    catchcopy: "搾りたての生乳でつくる、とろりと濃厚なのむヨーグルト。",
    description: html([
      "十勝しあわせ牧場の生乳を、じっくり発酵させてつくったのむヨーグルトです。",
      "甘さ控えめで、朝食のお供にぴったりです。冷蔵便で牧場から直送します。",
    ]),
    category: "dairy",
    features: ["chilled", "made-in-japan"],
    tags: ["digestion", "breakfast"],
    price: 1944,
    taxRate: 8,
    inventory: 80,
    age: 55,
    merchant: "tokachi-farm",
    extra: { coldshipping: "required", expiry: "製造日より14日（要冷蔵）" },
  },
  {
    id: 39,
    sku: "DRINK-AMAZAKE",
    title: "米麹 甘酒 砂糖不使用 500ml×3本",
    label: "米麹 甘酒",
    catchcopy: "米と米麹だけでつくった、やさしい自然の甘さ。",
    description: html([
      "秋田県産のあきたこまちと米麹だけを使い、砂糖を加えずに仕込んだ甘酒です。アルコールは含みません。",
      "冷やしても温めてもおいしく、牛乳や豆乳で割るのもおすすめです。",
    ]),
    category: "drink",
    features: ["sugar-free", "additive-free", "made-in-japan"],
    tags: ["fatigue", "digestion"],
    price: 1890,
    taxRate: 8,
    inventory: 100,
    age: 80,
    extra: { expiry: "製造日より6か月" },
  },

  // スイーツ
  {
    id: 40,
    sku: "SWEETS-SABLE",
    title: "北海道 バターサブレ 12枚入",
    label: "バターサブレ",
    catchcopy: "北海道産バターをたっぷり。さくっとほどける口どけ。",
    description: html([
      "北海道産のバターと小麦粉を使い、一枚ずつ丁寧に焼き上げたサブレです。",
      "個包装なので、職場へのおみやげやちょっとしたお礼にも便利です。",
    ]),
    category: "sweets",
    features: ["gift-ready", "made-in-japan"],
    tags: ["gift", "relax"],
    price: 1296,
    taxRate: 8,
    inventory: 140,
    age: 220,
    extra: { expiry: "製造日より90日" },
  },
  {
    id: 41,
    sku: "SWEETS-BAUM",
    title: "宇治抹茶 バウムクーヘン（ホール）",
    label: "抹茶バウムクーヘン",
    catchcopy: "一層ずつ焼き重ねた、しっとり濃厚な抹茶の年輪。",
    description: html([
      "宇治抹茶を生地にたっぷり練り込み、職人が一層ずつ焼き重ねたバウムクーヘンです。",
      "しっとりとした食感と、抹茶の豊かな香りをお楽しみください。直径約15cmのホールサイズです。",
    ]),
    category: "sweets",
    features: ["gift-ready", "staff-pick"],
    tags: ["gift", "relax"],
    price: 2376,
    taxRate: 8,
    inventory: 60,
    age: 175,
    extra: { expiry: "製造日より30日" },
  },
  {
    id: 42,
    sku: "SWEETS-KURI",
    title: "中津川 栗きんとん 6個入",
    label: "栗きんとん",
    catchcopy: "秋だけのお楽しみ。栗と砂糖だけで炊き上げました。",
    description: html([
      "岐阜県中津川市の和菓子店が、その年に採れた栗と砂糖だけで炊き上げ、茶巾で絞った栗きんとんです。",
      "栗そのもののほっくりとした風味が味わえます。秋の期間限定でお届けしています。",
    ]),
    category: "sweets",
    features: ["limited-time", "made-in-japan"],
    tags: ["gift"],
    price: 2916,
    taxRate: 8,
    inventory: 40,
    age: 30,
    extra: { expiry: "製造日より10日" },
  },
  {
    id: 43,
    sku: "SWEETS-IMO",
    title: "茨城県産 紅はるか 干し芋 150g×3袋",
    label: "紅はるか 干し芋",
    catchcopy: "蒸して干しただけなのに、蜜のような甘さ。",
    description: html([
      "茨城県ひたちなか市の農家が、紅はるかを蒸して天日で干し上げた干し芋です。",
      "砂糖や添加物は一切使っていません。軽くあぶると甘みがいっそう引き立ちます。",
    ]),
    category: "sweets",
    features: ["additive-free", "sugar-free", "made-in-japan"],
    tags: ["outdoor", "digestion"],
    price: 1980,
    taxRate: 8,
    inventory: 110,
    age: 45,
    extra: { expiry: "製造日より90日" },
  },
  {
    id: 44,
    sku: "SWEETS-YOKAN",
    title: "小倉羊羹 ミニサイズ 10本入",
    label: "小倉羊羹",
    catchcopy: "北海道産小豆の粒を生かした、食べきりサイズの羊羹。",
    description: html([
      "北海道産の小豆を、粒の形を残すようにふっくらと炊き上げた小倉羊羹です。",
      "1本ずつ食べきりのサイズなので、登山やアウトドアのおやつ、非常時の備えにもなります。",
    ]),
    category: "sweets",
    features: ["gift-ready", "made-in-japan"],
    tags: ["outdoor", "gift"],
    price: 1620,
    taxRate: 8,
    inventory: 150,
    age: 290,
    extra: { expiry: "製造日より1年" },
  },
  {
    id: 45,
    sku: "SWEETS-KARINTO",
    title: "沖縄県産 黒糖かりんとう 200g",
    label: "黒糖かりんとう",
    catchcopy: "波照間島の黒糖で仕上げた、昔ながらのかりんとう。",
    description: html(["沖縄県波照間島産の黒糖蜜をからめた、かりっと香ばしいかりんとうです。", "コクのある黒糖の甘さで、お茶うけにぴったりです。"]),
    category: "sweets",
    features: ["made-in-japan"],
    tags: ["relax"],
    price: 540,
    taxRate: 8,
    inventory: 300,
    age: 340,
    extra: { expiry: "製造日より120日" },
  },
  {
    id: 46,
    sku: "SWEETS-COOKIE",
    title: "米粉のクッキー（卵・乳不使用）8枚入",
    label: "米粉のクッキー",
    catchcopy: "小麦・卵・乳を使わず、米粉と国産菜種油でさっくり。",
    description: html([
      "国産の米粉ときび砂糖、菜種油で焼き上げた、素朴な味わいのクッキーです。",
      "小麦粉・卵・乳製品を使っていないので、食材に気をつけている方へのおやつや贈り物にも選ばれています。",
    ]),
    category: "sweets",
    features: ["gluten-free", "new-arrival", "additive-free"],
    tags: ["gift", "relax"],
    price: 972,
    taxRate: 8,
    inventory: 90,
    age: 5,
    extra: { expiry: "製造日より60日" },
  },

  // キッチン・食器
  {
    id: 47,
    sku: "KITCHEN-CHAWAN",
    title: "有田焼 藍染付 ご飯茶碗",
    label: "藍染付 茶碗",
    catchcopy: "手になじむ軽さと、藍の濃淡が美しいお茶碗。",
    description: html([
      "有田 青華窯の職人が、白磁に藍の染付を一つずつ手描きしたご飯茶碗です。",
      "薄手で軽く、毎日使っても疲れにくい形です。食洗機・電子レンジにも対応しています。",
    ]),
    category: "tableware",
    features: ["traditional-craft", "dishwasher-safe", "made-in-japan"],
    tags: ["everyday", "gift"],
    price: 2420,
    taxRate: 10,
    inventory: 60,
    age: 260,
    merchant: "arita-seika",
    extra: { shippingDays: 3 },
  },
  {
    id: 48,
    sku: "KITCHEN-MUG",
    title: "有田焼 白磁 マグカップ 300ml",
    label: "白磁マグカップ",
    catchcopy: "透きとおるような白磁の、すっきりとしたマグカップ。",
    description: html(["有田の白磁ならではの、透明感のある白が美しいマグカップです。", "たっぷり300ml入り、持ち手は指がかけやすい大きさに仕上げました。"]),
    category: "tableware",
    features: ["dishwasher-safe", "made-in-japan"],
    tags: ["breakfast", "relax"],
    price: 3080,
    taxRate: 10,
    inventory: 55,
    age: 185,
    merchant: "arita-seika",
    extra: { shippingDays: 3 },
  },
  {
    id: 49,
    sku: "KITCHEN-POT",
    title: "燕三条 ステンレス 片手鍋 18cm（IH対応）",
    label: "ステンレス片手鍋",
    catchcopy: "三層構造で熱まわりがよく、焦げつきにくい片手鍋。",
    description: html([
      "新潟県燕三条の工場で、一つずつ絞り加工と磨きを施したステンレスの片手鍋です。",
      "アルミをステンレスで挟んだ三層構造で、熱がむらなく伝わります。ガス火・IHどちらでもお使いいただけます。",
    ]),
    category: "kitchen",
    features: ["made-in-japan", "dishwasher-safe"],
    tags: ["everyday"],
    price: 5980,
    taxRate: 10,
    inventory: 40,
    age: 320,
    extra: { originalPrice: 6980 },
  },
  {
    id: 50,
    sku: "KITCHEN-BENTO",
    title: "秋田杉 曲げわっぱ 弁当箱 一段",
    label: "曲げわっぱ",
    catchcopy: "杉がほどよく湿気を吸い、冷めてもごはんがおいしい。",
    description: html([
      "秋田県大館市の職人が、天然秋田杉の薄板を曲げて仕上げた曲げわっぱのお弁当箱です。",
      "杉が余分な水分を吸ってくれるので、時間が経ってもごはんがべたつきません。",
    ]),
    category: "kitchen",
    features: ["handmade", "traditional-craft", "made-in-japan"],
    tags: ["outdoor", "everyday"],
    price: 7480,
    taxRate: 10,
    inventory: 25,
    age: 210,
  },
  {
    id: 51,
    sku: "KITCHEN-DONABE",
    title: "伊賀焼 土鍋 7号（2〜3人用）",
    label: "伊賀焼 土鍋",
    catchcopy: "熱をたっぷり蓄える伊賀の土で、鍋もごはんもふっくら。",
    description: html([
      "三重県伊賀市の窯元でつくられた、蓄熱性の高い土鍋です。",
      "じんわりと火が通るので、鍋料理はもちろん、ごはんもふっくらと炊き上がります。",
    ]),
    category: "kitchen",
    features: ["traditional-craft", "made-in-japan"],
    tags: ["party", "poor-circulation"],
    price: 4950,
    taxRate: 10,
    inventory: 30,
    age: 100,
  },
  {
    id: 52,
    sku: "KITCHEN-SAIBASHI",
    title: "竹の菜箸 33cm 2膳組",
    label: "竹の菜箸",
    catchcopy: "軽くて先が細い、国産孟宗竹の菜箸。",
    description: html([
      "大分県産の孟宗竹を削り出した菜箸です。先端が細く、細かい作業もしやすい形に仕上げました。",
      "竹は成長が早く、環境への負担が少ない素材です。",
    ]),
    category: "kitchen",
    features: ["eco-friendly", "made-in-japan"],
    tags: ["everyday"],
    price: 880,
    taxRate: 10,
    inventory: 200,
    age: 370,
  },

  // 美容・コスメ
  {
    id: 53,
    sku: "BEAUTY-SOAP",
    title: "京都 米ぬか 洗顔石けん 80g",
    label: "米ぬか石けん",
    catchcopy: "釜焚きでじっくり熟成。つっぱらない洗い上がり。",
    description: html([
      "京都の米どころで出た米ぬかと植物油を、釜焚き製法でじっくり熟成させた洗顔石けんです。",
      "きめ細かな泡で汚れを落とし、洗い上がりはしっとり。香料・着色料は使っていません。",
    ]),
    category: "skincare",
    features: ["additive-free", "fragrance-free", "made-in-japan"],
    tags: ["dry-skin"],
    price: 1540,
    taxRate: 10,
    inventory: 120,
    age: 230,
    merchant: "kyoto-hannari",
  },
  {
    id: 54,
    sku: "BEAUTY-TSUBAKI",
    title: "椿油 100% 化粧用オイル 60ml",
    label: "椿オイル",
    catchcopy: "顔にも髪にも。長崎・五島列島の椿油だけを使いました。",
    description: html([
      "長崎県五島列島で採れた椿の実を搾った、椿油100%の化粧用オイルです。",
      "肌なじみがよく、洗顔後の保湿や髪の毛先のお手入れにお使いいただけます。",
    ]),
    category: "skincare",
    features: ["additive-free", "made-in-japan"],
    tags: ["dry-skin"],
    price: 2860,
    taxRate: 10,
    inventory: 70,
    age: 270,
    merchant: "kyoto-hannari",
    extra: { discountPrice: 2574 },
  },
  {
    id: 55,
    sku: "BEAUTY-LOTION",
    title: "はんなり 保湿化粧水 しっとり 150ml",
    label: "保湿化粧水",
    catchcopy: "京都の米発酵エキス配合。乾燥しがちな肌に、たっぷりのうるおいを。",
    description: html(
      [
        "京都の酒蔵から分けていただいた米発酵エキスを配合した、しっとりタイプの化粧水です。",
        "とろみのあるテクスチャーで肌にすっとなじみ、乾燥しがちな季節もうるおいが続きます。",
      ],
      { heading: "こんな方におすすめ", items: ["肌の乾燥が気になる方", "香料入りの化粧品が苦手な方", "エアコンの効いた室内で過ごすことが多い方"] },
    ),
    category: "skincare",
    features: ["fragrance-free", "made-in-japan", "staff-pick"],
    tags: ["dry-skin"],
    price: 3300,
    taxRate: 10,
    inventory: 85,
    age: 400,
    merchant: "kyoto-hannari",
  },
  {
    id: 56,
    sku: "BEAUTY-HAND",
    title: "無香料 ハンドクリーム シアバター 50g",
    label: "ハンドクリーム",
    catchcopy: "べたつかずにしっかり守る、無香料のハンドクリーム。",
    description: html([
      "シアバターと国産米ぬか油を配合した、無香料のハンドクリームです。",
      "さらっとした塗り心地なので、塗ってすぐにスマートフォンや書類に触れても気になりません。",
    ]),
    category: "beauty",
    features: ["fragrance-free", "made-in-japan"],
    tags: ["dry-skin", "everyday"],
    price: 1100,
    taxRate: 10,
    inventory: 180,
    age: 150,
  },
  {
    id: 57,
    sku: "BEAUTY-YUZU",
    title: "高知県産 柚子の入浴剤 10包",
    label: "柚子の入浴剤",
    catchcopy: "湯船いっぱいに広がる、柚子のさわやかな香り。",
    description: html([
      "高知県馬路村の柚子の果皮エキスを使った入浴剤です。",
      "お湯に溶かすと柚子の香りがふんわり広がり、体の芯まで温まります。1回分ずつの個包装です。",
    ]),
    category: "beauty",
    features: ["made-in-japan"],
    tags: ["poor-circulation", "sleep", "relax"],
    price: 990,
    taxRate: 10,
    inventory: 160,
    age: 65,
  },
  {
    id: 58,
    sku: "BEAUTY-TSUGE",
    title: "薩摩つげ櫛（椿油仕上げ）",
    label: "薩摩つげ櫛",
    catchcopy: "静電気が起きにくく、使うほどに髪につやを。",
    description: html([
      "鹿児島県産の薩摩つげを、職人が一枚ずつ歯挽きして仕上げた櫛です。",
      "椿油をしみ込ませてあるので、とかすたびに髪にまとまりとつやが生まれます。",
    ]),
    category: "beauty",
    features: ["traditional-craft", "handmade", "gift-ready"],
    tags: ["gift"],
    price: 6600,
    taxRate: 10,
    inventory: 20,
    age: 330,
  },

  // 健康
  {
    id: 59,
    sku: "HEALTH-KUROZU",
    title: "鹿児島 福山の黒酢 ドリンク 500ml",
    label: "黒酢ドリンク",
    catchcopy: "屋外の壺で一年以上熟成させた黒酢を、飲みやすく。",
    description: html([
      "鹿児島県霧島市福山町で、屋外に並べた壺の中で一年以上熟成させた黒酢を使ったドリンクです。",
      "りんご果汁とはちみつで飲みやすく仕上げました。水や炭酸水で4〜5倍に薄めてお召し上がりください。",
    ]),
    category: "health",
    features: ["made-in-japan"],
    tags: ["fatigue"],
    price: 2160,
    taxRate: 8,
    inventory: 95,
    age: 240,
    extra: { expiry: "製造日より1年" },
  },
  {
    id: 60,
    sku: "HEALTH-PILLOW",
    title: "小豆の温熱ピロー（首・肩用）",
    label: "小豆の温熱ピロー",
    catchcopy: "電子レンジで温めるだけ。小豆の蒸気がじんわり。",
    description: html(
      [
        "北海道産の小豆を綿の袋に詰めた、首と肩にのせて使う温熱ピローです。",
        "電子レンジで40秒ほど温めると、小豆に含まれる水分が蒸気となってじんわりと温めます。繰り返し約250回お使いいただけます。",
      ],
      { heading: "使い方", items: ["500Wの電子レンジで約40秒温めます", "温めすぎにご注意ください", "カバーは取り外して洗えます"] },
    ),
    category: "health",
    features: ["handmade", "made-in-japan"],
    tags: ["stiff-shoulders", "poor-circulation", "sleep"],
    price: 2980,
    taxRate: 10,
    inventory: 75,
    age: 200,
  },
  {
    id: 61,
    sku: "HEALTH-SHOGA",
    title: "高知県産 しょうが湯 20包",
    label: "しょうが湯",
    catchcopy: "寒い日に、体の中からぽかぽかと。",
    description: html([
      "高知県産のしょうがをたっぷり使い、きび砂糖でやさしい甘さに仕上げたしょうが湯です。",
      "お湯を注ぐだけで、寒い朝や冷えが気になる夜に手軽に温まります。",
    ]),
    category: "health",
    features: ["made-in-japan"],
    tags: ["poor-circulation"],
    price: 1296,
    taxRate: 8,
    inventory: 130,
    age: 35,
    extra: { expiry: "製造日より1年" },
  },
  {
    id: 62,
    sku: "HEALTH-AROMA",
    title: "木曽ひのき アロマオイル 10ml",
    label: "ひのきアロマ",
    catchcopy: "森林浴のような、すがすがしいひのきの香り。",
    description: html([
      "木曽ひのきの端材から水蒸気蒸留で抽出した、天然100%のエッセンシャルオイルです。",
      "おやすみ前にディフューザーで香らせたり、お風呂に数滴たらしたりしてお使いください。",
    ]),
    category: "health",
    features: ["made-in-japan", "eco-friendly"],
    tags: ["sleep", "relax"],
    price: 1650,
    taxRate: 10,
    inventory: 100,
    age: 170,
  },
  {
    id: 63,
    sku: "HEALTH-AOTAKE",
    title: "青竹踏み（国産 孟宗竹）",
    label: "青竹踏み",
    catchcopy: "テレビを見ながら、足裏をしっかり刺激。",
    description: html([
      "国産の孟宗竹を半分に割って仕上げた、昔ながらの青竹踏みです。",
      "一日の終わりに数分踏むだけで、立ち仕事や歩き疲れた足がすっきりします。",
    ]),
    category: "health",
    features: ["made-in-japan", "eco-friendly"],
    tags: ["fatigue"],
    price: 1320,
    taxRate: 10,
    inventory: 60,
    age: 390,
  },
  {
    id: 64,
    sku: "HEALTH-LACTO",
    title: "国産 乳酸菌サプリメント 60粒（約30日分）",
    label: "乳酸菌サプリ",
    catchcopy: "京漬物から見つかった植物性乳酸菌を、1日2粒で。",
    description: html([
      "京都のすぐき漬けから見つかった植物性乳酸菌を配合した、国内製造のサプリメントです。",
      "1日2粒を目安に、水またはぬるま湯でお召し上がりください。",
    ]),
    category: "health",
    features: ["made-in-japan"],
    tags: ["digestion"],
    price: 2480,
    taxRate: 8,
    inventory: 115,
    age: 125,
    extra: { expiry: "製造日より2年" },
  },

  // 生活雑貨
  {
    id: 65,
    sku: "LIVING-BATHTOWEL",
    title: "泉州タオル バスタオル（ガーゼ×パイル）",
    label: "泉州バスタオル",
    catchcopy: "片面ガーゼ、片面パイル。軽くて乾きやすいバスタオル。",
    description: html([
      "表はさらりとしたガーゼ、裏はふんわりとしたパイルに織り分けた泉州タオルのバスタオルです。",
      "一般的なバスタオルより薄手で、部屋干しでも乾きやすいのが特長です。",
    ]),
    category: "living",
    features: ["made-in-japan", "gift-ready"],
    tags: ["everyday", "gift"],
    price: 3850,
    taxRate: 10,
    inventory: 90,
    age: 210,
  },
  {
    id: 66,
    sku: "LIVING-CLOTH",
    title: "近江の麻 キッチンクロス 3枚組",
    label: "麻のキッチンクロス",
    catchcopy: "水をよく吸い、すぐ乾く。食器拭きに最適な麻のクロス。",
    description: html([
      "滋賀県東近江市の織物工場で織った、麻100%のキッチンクロスです。",
      "吸水性と速乾性にすぐれ、グラスを拭いても糸くずが残りにくいのが特長です。",
    ]),
    category: "living",
    features: ["eco-friendly", "made-in-japan"],
    tags: ["everyday"],
    price: 1650,
    taxRate: 10,
    inventory: 130,
    age: 160,
  },
  {
    id: 67,
    sku: "LIVING-IGUSA",
    title: "国産い草 ラグ 176×176cm（江戸間2畳）",
    label: "い草ラグ",
    catchcopy: "熊本県八代産のい草で、夏はさらりと心地よく。",
    description: html([
      "熊本県八代市で育ったい草を、職人が丁寧に織り上げたラグです。",
      "い草が湿気を吸ってくれるので、夏でもべたつかずさらりとした肌ざわりです。",
    ]),
    category: "living",
    features: ["free-shipping", "made-in-japan", "limited-time"],
    tags: ["relax"],
    price: 12800,
    taxRate: 10,
    inventory: 20,
    age: 85,
    // On sale already: the shop's 10% coupon does not come on top of the sale price.
    extra: { discountPrice: 10800, excludedCouponCodes: ["SPRING10"] },
  },
  {
    id: 68,
    sku: "LIVING-CANDLE",
    title: "和ろうそく 小 10本入（櫨蝋）",
    label: "和ろうそく",
    catchcopy: "ゆらゆらと大きな炎が、心を落ち着かせてくれます。",
    description: html([
      "愛媛県内子町の職人が、櫨の実から採った木蝋を手で塗り重ねてつくる和ろうそくです。",
      "すすが少なく、炎が大きくゆらぐのが和ろうそくの魅力です。",
    ]),
    category: "living",
    features: ["traditional-craft", "handmade", "made-in-japan"],
    tags: ["relax", "sleep"],
    price: 2200,
    taxRate: 10,
    inventory: 70,
    age: 300,
  },
  {
    id: 69,
    sku: "LIVING-CHAIR",
    title: "帆布のアウトドアチェア（折りたたみ）",
    label: "帆布チェア",
    catchcopy: "倉敷帆布と国産ヒノキで仕立てた、軽くて丈夫な椅子。",
    description: html(
      ["岡山県倉敷市の帆布と、国産ヒノキのフレームを組み合わせた折りたたみチェアです。", "重さは約2.3kg。キャンプやベランダでのくつろぎ時間に活躍します。"],
      { heading: "商品仕様", items: ["サイズ：幅約52×奥行約60×高さ約70cm", "耐荷重：約80kg", "重さ：約2.3kg"] },
    ),
    category: "living",
    features: ["new-arrival", "made-in-japan"],
    tags: ["outdoor", "relax"],
    price: 8980,
    taxRate: 10,
    inventory: 30,
    age: 12,
    extra: { originalPrice: 9900 },
  },
  {
    id: 70,
    sku: "LIVING-GAUZE",
    title: "6重ガーゼケット シングル",
    label: "ガーゼケット",
    catchcopy: "6枚重ねのガーゼが、一年中快適な眠りを。",
    description: html([
      "和歌山県高野口の工場で、6枚のガーゼを重ねて織り上げたケットです。",
      "夏はさらっと、冬は空気を含んでふんわり暖か。洗うほどにやわらかくなります。",
    ]),
    category: "living",
    features: ["free-shipping", "made-in-japan"],
    tags: ["sleep"],
    price: 9680,
    taxRate: 10,
    inventory: 35,
    age: 190,
  },

  // ギフト
  {
    id: 71,
    sku: "GIFT-TEA-SET",
    title: "静岡茶と和菓子の詰め合わせ",
    label: "お茶と和菓子",
    catchcopy: "煎茶と季節の和菓子を、のし紙をかけてお届けします。",
    description: html(
      [
        "深蒸し煎茶とほうじ茶、季節の和菓子3種を詰め合わせた、内祝いやご挨拶に人気のギフトです。",
        "のし紙や手提げ袋のご用意もございます。ご注文時にお申し付けください。",
      ],
      { heading: "内容", items: ["深蒸し煎茶 80g", "ほうじ茶 60g", "和菓子3種（最中・羊羹・どら焼き）"] },
    ),
    category: "gift",
    features: ["gift-ready", "free-shipping"],
    tags: ["gift"],
    price: 4320,
    taxRate: 8,
    inventory: 70,
    age: 280,
    extra: { expiry: "製造日より60日" },
  },
  {
    id: 72,
    sku: "GIFT-TOWEL-BOX",
    title: "泉州タオル ギフトセット（木箱入）",
    label: "タオルギフト",
    catchcopy: "バスタオルとフェイスタオルを木箱に詰めて。",
    description: html([
      "泉州タオルのバスタオル1枚とフェイスタオル2枚を、杉の木箱に詰め合わせました。",
      "出産内祝いや結婚内祝いなど、さまざまなお祝いのお返しに選ばれています。",
    ]),
    category: "gift",
    features: ["gift-ready", "made-in-japan"],
    tags: ["gift"],
    price: 5500,
    taxRate: 10,
    inventory: 45,
    age: 240,
  },
  {
    id: 73,
    sku: "GIFT-DAIRY",
    title: "十勝 牧場の乳製品ギフト",
    label: "乳製品ギフト",
    catchcopy: "バター、チーズ、のむヨーグルトを牧場から直送。",
    description: html([
      "十勝しあわせ牧場の人気商品、発酵バター、カマンベール、のむヨーグルトを詰め合わせました。",
      "冷蔵便で牧場から直接お届けします。のし紙は牧場にて承ります。",
    ]),
    category: "gift",
    features: ["gift-ready", "chilled", "made-in-japan"],
    tags: ["gift", "party"],
    price: 5400,
    taxRate: 8,
    inventory: 30,
    age: 150,
    merchant: "tokachi-farm",
    extra: { coldshipping: "required", expiry: "製造日より14日（要冷蔵）" },
  },
  {
    id: 74,
    sku: "GIFT-YUNOMI",
    title: "有田焼 ペア湯呑み（桐箱入）",
    label: "ペア湯呑み",
    catchcopy: "大小ひと組の夫婦湯呑みを、桐箱に納めて。",
    description: html(["有田 青華窯の手描き染付の湯呑みを、大小ひと組にして桐箱に納めました。", "結婚祝いや長寿のお祝い、ご両親への贈り物におすすめです。"]),
    category: "gift",
    features: ["traditional-craft", "gift-ready"],
    tags: ["gift"],
    price: 8800,
    taxRate: 10,
    inventory: 25,
    age: 230,
    merchant: "arita-seika",
    extra: { shippingDays: 3 },
  },
  {
    id: 75,
    sku: "GIFT-HOJICHA-HIGASHI",
    title: "京都 ほうじ茶と干菓子のセット",
    label: "ほうじ茶と干菓子",
    catchcopy: "香ばしいほうじ茶に、季節の干菓子を添えて。",
    description: html([
      "京都で焙じたほうじ茶と、和三盆でつくった季節の干菓子を詰め合わせました。",
      "ちょっとしたお礼やお見舞いに、気軽に贈っていただけるギフトです。",
    ]),
    category: "gift",
    features: ["gift-ready"],
    tags: ["gift", "relax"],
    price: 3240,
    taxRate: 8,
    inventory: 55,
    age: 60,
    extra: { expiry: "製造日より90日" },
  },
];

/** Looks up a catalogue product; throws on an unknown SKU so a typo fails loudly. */
export function productBySku(sku: string): ProductSpec {
  const product = PRODUCTS.find((candidate) => candidate.sku === sku);
  if (!product) throw new Error(`Unknown seed product ${sku}`);
  return product;
}

export function topCategoryOf(slug: CategorySlug): (typeof CATEGORIES)[number] {
  const category = CATEGORIES.find((candidate) => candidate.slug === slug);
  const top = category?.parentId ? CATEGORIES.find((parent) => parent.id === category.parentId) : category;
  if (!top) throw new Error(`Unknown seed category ${slug}`);
  return top;
}

// ─── Variations, options, subscription tiers ────────────────────────────────────────────────

export const VARIATIONS: (typeof productVariations.$inferInsert & { id: number; sku: string })[] = [
  { id: 1, productId: 6, sku: "DEMO-VARIATION-NAVY", title: "紺", type: "variable", inventory: 40, position: 0 },
  { id: 2, productId: 6, sku: "DEMO-VARIATION-NATURAL", title: "生成り", type: "normal", inventory: 25, position: 1 },
  { id: 3, productId: 6, sku: "DEMO-VARIATION-BLACK", title: "墨黒", type: "normal", inventory: 0, position: 2 },
];

/** The cloth colour of each variation, drawn on its own picture. */
export const VARIATION_SWATCHES: Record<string, string> = {
  "DEMO-VARIATION-NAVY": "#2c3e66",
  "DEMO-VARIATION-NATURAL": "#e8dcc2",
  "DEMO-VARIATION-BLACK": "#34312f",
};

const VARIATION_CHOICES: (typeof variationChoices.$inferInsert & { id: number; sku: string })[] = [
  { id: 1, variationId: 1, sku: "DEMO-VARIATION-NAVY-S", groupTitle: "サイズ", title: "S", priceDiff: 0, inventory: 12, position: 0 },
  { id: 2, variationId: 1, sku: "DEMO-VARIATION-NAVY-M", groupTitle: "サイズ", title: "M", priceDiff: 0, inventory: 18, position: 1 },
  { id: 3, variationId: 1, sku: "DEMO-VARIATION-NAVY-L", groupTitle: "サイズ", title: "L", priceDiff: 220, inventory: 10, position: 2 },
];

const PRODUCT_OPTIONS: (typeof productOptions.$inferInsert & { id: number })[] = [
  { id: 1, productId: 7, title: "箱", type: "list", active: true, required: false, position: 0 },
  { id: 2, productId: 7, title: "箸置き", type: "radio", active: true, required: false, position: 1 },
];

const PRODUCT_OPTION_CHOICES: (typeof productOptionChoices.$inferInsert & { id: number })[] = [
  { id: 1, optionId: 1, title: "箱なし", fee: 0, position: 0 },
  { id: 2, optionId: 1, title: "化粧箱", fee: 330, position: 1 },
  { id: 3, optionId: 1, title: "桐箱", fee: 770, position: 2 },
  { id: 4, optionId: 2, title: "なし", fee: 0, position: 0 },
  { id: 5, optionId: 2, title: "有田焼の箸置きを付ける", fee: 550, position: 1 },
];

/** Unit prices excl. tax by quantity 1–6: the more per delivery, the cheaper each. */
export const SUBSCRIPTION_TIERS: Record<string, number[]> = {
  "DEMO-SUBSCRIBE": [1400, 1350, 1300, 1250, 1200, 1150],
  "DEMO-SUBONLY": [3000, 2900, 2800, 2700, 2600, 2500],
};

const RELATED: Record<string, string[]> = {
  "DEMO-SIMPLE": ["LIVING-BATHTOWEL", "GIFT-TOWEL-BOX", "LIVING-CLOTH", "LIVING-GAUZE"],
  "DEMO-LOWSTOCK": ["DRINK-SENCHA", "DRINK-MATCHA", "KITCHEN-CHAWAN", "DEMO-SUBSCRIBE"],
  "DEMO-SOLDOUT": ["DRINK-SAKE", "KITCHEN-MUG", "GIFT-YUNOMI"],
  "DEMO-PREORDER": ["LIVING-GAUZE", "DEMO-VARIATION", "LIVING-CANDLE"],
  "DEMO-SHIPDAYS": ["KITCHEN-SAIBASHI", "DEMO-NOCOUPON", "KITCHEN-BENTO", "KITCHEN-POT"],
  "DEMO-VARIATION": ["LIVING-CLOTH", "DEMO-SIMPLE", "KITCHEN-SAIBASHI", "DEMO-PREORDER"],
  "DEMO-OPTIONS": ["KITCHEN-CHAWAN", "DEMO-MERCHANT", "GIFT-YUNOMI", "KITCHEN-SAIBASHI"],
  "DEMO-SUBSCRIBE": ["DRINK-SENCHA", "DRINK-HOJICHA", "DRINK-GENMAI", "DEMO-LOWSTOCK", "GIFT-TEA-SET"],
  "DEMO-SUBONLY": ["HEALTH-LACTO", "HEALTH-KUROZU", "DRINK-AMAZAKE"],
  "DEMO-MERCHANT": ["KITCHEN-CHAWAN", "KITCHEN-MUG", "GIFT-YUNOMI", "DEMO-OPTIONS"],
  "DEMO-COLD": ["FOOD-RICE", "FOOD-MISO", "DEMO-FOOD"],
  "DEMO-COLDOPT": ["SWEETS-BAUM", "DRINK-MATCHA", "GIFT-HOJICHA-HIGASHI"],
  "DEMO-DIGITAL": ["FOOD-DASHI", "FOOD-SHOYU", "KITCHEN-DONABE"],
  "DEMO-FOOD": ["FOOD-RICE", "FOOD-DASHI", "DEMO-COLD", "FOOD-MISO"],
  "DEMO-PRIVATE": ["DRINK-SENCHA", "DEMO-LOWSTOCK", "DRINK-MATCHA"],
  "DEMO-ARCHIVED": ["DRINK-HOJICHA", "DRINK-GENMAI", "DEMO-SUBSCRIBE"],
  "DEMO-NOCOUPON": ["KITCHEN-POT", "DEMO-SHIPDAYS", "KITCHEN-SAIBASHI"],
  "FOOD-RICE": ["DEMO-FOOD", "FOOD-MISO", "FOOD-DASHI", "KITCHEN-CHAWAN", "KITCHEN-DONABE"],
  "DRINK-SENCHA": ["DEMO-SUBSCRIBE", "DRINK-HOJICHA", "DRINK-MATCHA", "DEMO-LOWSTOCK"],
  "BEAUTY-LOTION": ["BEAUTY-SOAP", "BEAUTY-TSUBAKI", "BEAUTY-HAND"],
  "SWEETS-BAUM": ["DEMO-COLDOPT", "SWEETS-SABLE", "GIFT-TEA-SET"],
  "KITCHEN-CHAWAN": ["DEMO-MERCHANT", "KITCHEN-MUG", "FOOD-RICE"],
  "HEALTH-PILLOW": ["HEALTH-AROMA", "BEAUTY-YUZU", "HEALTH-AOTAKE"],
  "LIVING-BATHTOWEL": ["DEMO-SIMPLE", "GIFT-TOWEL-BOX", "LIVING-GAUZE"],
};

// ─── Reviews ────────────────────────────────────────────────────────────────────────────────

interface ReviewSpec {
  sku: string;
  nickname: string;
  title: string;
  rate: number;
  review: string;
  age: number;
  byMember?: boolean;
  status?: "published" | "pending" | "hidden";
  /** Staff reply, posted a day after the review. */
  reply?: string;
}

const REVIEWS: ReviewSpec[] = [
  // DEMO-SIMPLE: 5 published (avg 4.2) and one awaiting moderation.
  {
    sku: "DEMO-SIMPLE",
    nickname: "ゆずママ",
    title: "ふわふわで気持ちいい",
    rate: 5,
    age: 200,
    review: "<p>洗うたびにふんわりしてきて、家族みんなのお気に入りです。</p><p>白なので毎日の洗濯で清潔感があるのもうれしいです。</p>",
    reply: "<p>ゆずママ様、うれしいお声をありがとうございます。長くご愛用いただけますと幸いです。</p>",
  },
  {
    sku: "DEMO-SIMPLE",
    nickname: "たろう",
    title: "吸水性が抜群",
    rate: 4,
    age: 170,
    review: "<p>お風呂上がりに顔を拭くと、すっと水を吸ってくれます。もう少し厚手だと満点でした。</p>",
  },
  {
    sku: "DEMO-SIMPLE",
    nickname: "はなこ",
    title: "リピートしています",
    rate: 5,
    age: 120,
    byMember: true,
    review: "<p>3回目の購入です。実家の母にも贈りました。</p>",
  },
  {
    sku: "DEMO-SIMPLE",
    nickname: "くまさん",
    title: "思ったより薄手でした",
    rate: 3,
    age: 90,
    review: "<p>品質は良いのですが、ホテルのような厚手のタオルを想像していたので少し薄く感じました。</p>",
    reply:
      "<p>くまさん様、ご意見をありがとうございます。本品は乾きやすさを重視した中厚手です。厚手がお好みの方には、バスタオル（ガーゼ×パイル）もおすすめしております。</p>",
  },
  { sku: "DEMO-SIMPLE", nickname: "ぽんた", title: "毎日使っています", rate: 4, age: 40, review: "<p>2枚組なので交互に使えて便利です。乾きも早いです。</p>" },
  { sku: "DEMO-SIMPLE", nickname: "みどり", title: "糸のほつれ", rate: 2, age: 2, status: "pending", review: "<p>1枚の端に糸のほつれがありました。</p>" },

  // DEMO-VARIATION: avg 4.5
  {
    sku: "DEMO-VARIATION",
    nickname: "ガーデナー",
    title: "庭仕事に最適",
    rate: 5,
    age: 80,
    review: "<p>紺のMを購入しました。ポケットが大きくて、剪定ばさみや手袋が入るので重宝しています。</p>",
  },
  {
    sku: "DEMO-VARIATION",
    nickname: "さくら",
    title: "生成りがかわいい",
    rate: 4,
    age: 60,
    review: "<p>生成りの色合いがやさしく、キッチンが明るくなりました。麻が入っているので少ししわになりやすいです。</p>",
  },
  {
    sku: "DEMO-VARIATION",
    nickname: "カフェ店主",
    title: "お店の制服に",
    rate: 5,
    age: 35,
    review: "<p>スタッフ用にまとめて購入しました。丈夫で洗濯してもへたりません。</p>",
    reply: "<p>カフェ店主様、お店でご愛用いただきありがとうございます。まとめてのご注文もいつでもご相談ください。</p>",
  },
  {
    sku: "DEMO-VARIATION",
    nickname: "ひろ",
    title: "サイズ感ちょうどいい",
    rate: 4,
    age: 14,
    review: "<p>身長175cmでLにしました。首ひもが調節できるのが良いです。</p>",
  },

  // DEMO-SUBSCRIBE: avg 4.33
  {
    sku: "DEMO-SUBSCRIBE",
    nickname: "お茶好き",
    title: "毎朝の楽しみ",
    rate: 5,
    age: 300,
    review: "<p>深蒸しらしい濃い緑色で、甘みがあって渋くありません。定期便で毎月届くので切らさずに済みます。</p>",
  },
  {
    sku: "DEMO-SUBSCRIBE",
    nickname: "しずおか出身",
    title: "ふるさとの味",
    rate: 5,
    age: 240,
    review: "<p>実家で飲んでいたお茶と同じ味がします。懐かしいです。</p>",
  },
  {
    sku: "DEMO-SUBSCRIBE",
    nickname: "はなこ",
    title: "定期便がお得",
    rate: 4,
    age: 150,
    byMember: true,
    review: "<p>2袋ずつの定期便にしています。水出しにしてもおいしいです。</p>",
    reply: "<p>はなこ様、いつも定期便をご利用いただきありがとうございます。夏は水出しもぜひお楽しみください。</p>",
  },
  { sku: "DEMO-SUBSCRIBE", nickname: "けんじ", title: "香りが良い", rate: 5, age: 100, review: "<p>袋を開けた瞬間の香りが違います。</p>" },
  {
    sku: "DEMO-SUBSCRIBE",
    nickname: "にゃんこ",
    title: "少し粉っぽい",
    rate: 3,
    age: 60,
    review: "<p>味は好きですが、深蒸しなので茶葉が細かく、急須の網が詰まりやすいです。</p>",
    reply: "<p>にゃんこ様、ご感想ありがとうございます。深蒸し茶は茶葉が細かいため、目の細かい帯網タイプの急須をおすすめしております。</p>",
  },
  { sku: "DEMO-SUBSCRIBE", nickname: "ゆうこ", title: "来客用にも", rate: 4, age: 20, review: "<p>お客様にお出ししたら、おいしいと褒められました。</p>" },

  // FOOD-RICE: avg 4.5
  { sku: "FOOD-RICE", nickname: "ごはん党", title: "炊きたてが最高", rate: 5, age: 500, review: "<p>つやつやで甘みがあり、おかずがいらないくらいです。</p>" },
  {
    sku: "FOOD-RICE",
    nickname: "三児の母",
    title: "子どもがおかわり",
    rate: 5,
    age: 420,
    review: "<p>子どもたちが「今日のごはんおいしい」と何度もおかわりしていました。</p>",
  },
  {
    sku: "FOOD-RICE",
    nickname: "単身赴任中",
    title: "冷めてもおいしい",
    rate: 4,
    age: 360,
    review: "<p>お弁当に入れても固くなりにくく、おいしくいただけます。</p>",
  },
  { sku: "FOOD-RICE", nickname: "まさ", title: "精米したてが届く", rate: 5, age: 280, review: "<p>精米日が発送の前日で、新鮮さが違います。</p>" },
  {
    sku: "FOOD-RICE",
    nickname: "ばあば",
    title: "重いお米が玄関まで",
    rate: 5,
    age: 210,
    review: "<p>5kgのお米を玄関まで届けてもらえるので助かっています。</p>",
  },
  { sku: "FOOD-RICE", nickname: "ともこ", title: "リピート予定", rate: 4, age: 150, review: "<p>少しお値段はしますが、その価値はあると思います。</p>" },
  {
    sku: "FOOD-RICE",
    nickname: "ケン",
    title: "普通においしい",
    rate: 3,
    age: 75,
    review: "<p>おいしいですが、近所のスーパーの魚沼産との違いはよくわかりませんでした。</p>",
  },
  {
    sku: "FOOD-RICE",
    nickname: "のりたま",
    title: "土鍋で炊くと格別",
    rate: 5,
    age: 18,
    review: "<p>土鍋で炊いたら香りが立って、おこげまでおいしかったです。</p>",
  },

  // DRINK-SENCHA: avg 4.5
  { sku: "DRINK-SENCHA", nickname: "茶道教室", title: "さすが一番茶", rate: 5, age: 320, review: "<p>香りが華やかで、生徒さんにも好評でした。</p>" },
  { sku: "DRINK-SENCHA", nickname: "ようすけ", title: "まろやか", rate: 4, age: 250, review: "<p>渋みが少なく、お茶が苦手な妻も飲めました。</p>" },
  {
    sku: "DRINK-SENCHA",
    nickname: "みかん",
    title: "丁寧な梱包",
    rate: 4,
    age: 140,
    review: "<p>茶園さんからの手書きのメッセージが入っていて、うれしかったです。</p>",
  },
  { sku: "DRINK-SENCHA", nickname: "緑茶男子", title: "毎日飲んでいます", rate: 5, age: 30, review: "<p>会社にも持っていって、水筒で飲んでいます。</p>" },

  // BEAUTY-LOTION: avg 4.0
  {
    sku: "BEAUTY-LOTION",
    nickname: "乾燥肌さん",
    title: "冬の乾燥に",
    rate: 5,
    age: 330,
    review: "<p>朝まで肌がしっとりしています。無香料なのもうれしいです。</p>",
  },
  {
    sku: "BEAUTY-LOTION",
    nickname: "あや",
    title: "とろみがちょうどいい",
    rate: 4,
    age: 260,
    review: "<p>とろみがあるのにべたつかず、メイク前でも使いやすいです。</p>",
  },
  {
    sku: "BEAUTY-LOTION",
    nickname: "ゆき",
    title: "肌に合いませんでした",
    rate: 2,
    age: 190,
    review: "<p>使い始めて数日で少し赤みが出てしまいました。私の肌には合わなかったようです。</p>",
    reply: "<p>ゆき様、このたびはお肌に合わず申し訳ございません。ご心配な点がございましたら、お問い合わせフォームからお気軽にご相談ください。</p>",
  },
  {
    sku: "BEAUTY-LOTION",
    nickname: "京都好き",
    title: "母へのプレゼントに",
    rate: 5,
    age: 110,
    review: "<p>母に贈ったところ、とても気に入ってくれて自分でもリピートしているそうです。</p>",
  },
  { sku: "BEAUTY-LOTION", nickname: "けい", title: "コスパ良し", rate: 4, age: 45, review: "<p>たっぷり使えて、1本で2か月ほど持ちます。</p>" },

  // SWEETS-BAUM: avg 4.67
  { sku: "SWEETS-BAUM", nickname: "甘党", title: "抹茶が濃い", rate: 5, age: 150, review: "<p>抹茶の風味がしっかりしていて、甘さ控えめで上品です。</p>" },
  {
    sku: "SWEETS-BAUM",
    nickname: "ちえ",
    title: "手土産に喜ばれました",
    rate: 5,
    age: 90,
    review: "<p>切り分けて出すと見た目もきれいで、皆さんに喜んでいただけました。</p>",
  },
  {
    sku: "SWEETS-BAUM",
    nickname: "りょう",
    title: "しっとり",
    rate: 4,
    age: 25,
    review: "<p>しっとりしていておいしいです。もう少し大きいサイズがあればうれしいです。</p>",
  },

  // KITCHEN-CHAWAN: avg 4.67
  { sku: "KITCHEN-CHAWAN", nickname: "器好き", title: "絵付けが美しい", rate: 5, age: 230, review: "<p>藍の濃淡がきれいで、ごはんがおいしく見えます。</p>" },
  {
    sku: "KITCHEN-CHAWAN",
    nickname: "しん",
    title: "軽くて持ちやすい",
    rate: 4,
    age: 160,
    review: "<p>思ったより軽く、毎日使いやすいです。届くまでに少し日数がかかりました。</p>",
  },
  {
    sku: "KITCHEN-CHAWAN",
    nickname: "はるか",
    title: "夫婦でそろえました",
    rate: 5,
    age: 50,
    review: "<p>二つ購入して夫婦で使っています。一つずつ柄が微妙に違うのも手描きならではですね。</p>",
  },

  // DEMO-FOOD: avg 3.33
  {
    sku: "DEMO-FOOD",
    nickname: "梅干し好き",
    title: "これぞ梅干し",
    rate: 5,
    age: 380,
    review: "<p>甘くない昔ながらの梅干しを探していました。しっかりすっぱくて最高です。</p>",
  },
  { sku: "DEMO-FOOD", nickname: "たけし", title: "おにぎりに", rate: 4, age: 200, review: "<p>おにぎりの具にちょうどいい塩加減です。</p>" },
  {
    sku: "DEMO-FOOD",
    nickname: "まゆみ",
    title: "しょっぱすぎました",
    rate: 1,
    age: 60,
    review: "<p>はちみつ漬けのような梅干しを想像していたので、塩辛くて食べられませんでした。</p>",
    reply: "<p>まゆみ様、ご期待に沿えず申し訳ございません。本品は塩分約20%の昔ながらの梅干しです。商品ページの表記をよりわかりやすく改善いたします。</p>",
  },

  // HEALTH-PILLOW: avg 4.25
  {
    sku: "HEALTH-PILLOW",
    nickname: "デスクワーカー",
    title: "肩がじんわり",
    rate: 5,
    age: 170,
    review: "<p>仕事終わりに首にのせると、じんわり温かくてほっとします。</p>",
  },
  { sku: "HEALTH-PILLOW", nickname: "ひえしょう", title: "寝る前に", rate: 4, age: 120, review: "<p>寝る前にお腹や足元を温めるのにも使っています。</p>" },
  { sku: "HEALTH-PILLOW", nickname: "なおみ", title: "小豆の香り", rate: 5, age: 70, review: "<p>温めるとほんのり小豆の香りがして癒やされます。</p>" },
  {
    sku: "HEALTH-PILLOW",
    nickname: "ゆう",
    title: "もう少し大きければ",
    rate: 3,
    age: 22,
    review: "<p>効果は感じますが、肩全体を覆うにはもう少し大きいほうがうれしいです。</p>",
  },

  // LIVING-BATHTOWEL: avg 4.5
  {
    sku: "LIVING-BATHTOWEL",
    nickname: "部屋干し派",
    title: "すぐ乾く",
    rate: 4,
    age: 190,
    review: "<p>部屋干しでも半日で乾きます。薄手なので収納もしやすいです。</p>",
  },
  {
    sku: "LIVING-BATHTOWEL",
    nickname: "あきこ",
    title: "ガーゼ面が気持ちいい",
    rate: 5,
    age: 130,
    review: "<p>ガーゼ面の肌ざわりがとてもやさしく、赤ちゃんにも使っています。</p>",
  },
  { sku: "LIVING-BATHTOWEL", nickname: "つよし", title: "買い替えました", rate: 5, age: 80, review: "<p>家のバスタオルを全部こちらに買い替えました。</p>" },
  {
    sku: "LIVING-BATHTOWEL",
    nickname: "みき",
    title: "少し小さめ",
    rate: 4,
    age: 15,
    review: "<p>品質は満足ですが、もう一回り大きいサイズもあるとうれしいです。</p>",
  },

  // DEMO-MERCHANT: avg 4.67
  {
    sku: "DEMO-MERCHANT",
    nickname: "豆皿コレクター",
    title: "5種類の柄が楽しい",
    rate: 5,
    age: 150,
    review: "<p>どれも細かい絵付けで、並べるだけで食卓が華やかになります。</p>",
  },
  { sku: "DEMO-MERCHANT", nickname: "のぞみ", title: "丁寧な梱包", rate: 5, age: 95, review: "<p>窯元さんから一枚ずつ丁寧に包まれて届きました。</p>" },
  {
    sku: "DEMO-MERCHANT",
    nickname: "はなこ",
    title: "お漬物入れに",
    rate: 4,
    age: 42,
    byMember: true,
    review: "<p>お漬物や薬味を入れて使っています。もう少し深さがあれば汁気のあるものにも使えそうです。</p>",
  },
];

// ─── Coupons, campaign, point promo ─────────────────────────────────────────────────────────

const COUPON_IDS = {
  WELCOME500: 1,
  SPRING10: 2,
  FREESHIP: 3,
  MEMBER1000: 4,
  ALONE20: 5,
  EXPIRED100: 6,
  TEAFAIR: 7,
  MATOMEGAI: 8,
  GIFTAUTO: 9,
} as const;

// ─── Assembly ───────────────────────────────────────────────────────────────────────────────

export interface Catalogue {
  merchants: (typeof merchants.$inferInsert)[];
  categories: (typeof categories.$inferInsert)[];
  features: (typeof features.$inferInsert)[];
  tags: (typeof tags.$inferInsert)[];
  products: DemoProduct[];
  productMedia: (typeof productMedia.$inferInsert)[];
  relatedProducts: (typeof relatedProducts.$inferInsert)[];
  reviews: (typeof reviews.$inferInsert)[];
  coupons: (typeof coupons.$inferInsert)[];
  couponProductPrices: (typeof couponProductPrices.$inferInsert)[];
  couponPriceRanges: (typeof couponPriceRanges.$inferInsert)[];
  couponCampaigns: (typeof couponCampaigns.$inferInsert)[];
  pointPromos: (typeof pointPromos.$inferInsert)[];
}

/** A demo product as the product editor would be given it, and what the editor does not write. */
export interface DemoProduct {
  sku: string;
  /** The editor's form values as a plain object: read by its schema (parseProductForm) before it is saved. */
  form: ProductFormInput;
  /** The ids its new rows take: the demo's people, orders, reviews and photos (and tests) refer to them. */
  ids: NewRowIds;
  /** Not the editor's: the listing state, the private link, the review figures and the demo's dates. */
  columns: Partial<ProductRow>;
}

/** The ids of the accounts that wrote reviews (the member) and replied to them (staff). */
export interface Reviewers {
  memberId: number;
  staffId: number;
}

function idOf<T extends { slug: string; id: number }>(list: readonly T[], slug: string): number {
  const found = list.find((item) => item.slug === slug);
  if (!found) throw new Error(`Unknown seed slug ${slug}`);
  return found.id;
}

function buildReviews(now: Date, reviewers: Reviewers): Catalogue["reviews"] {
  return REVIEWS.map((spec, index) => {
    const createdAt = daysAfter(now, -spec.age);
    return {
      id: index + 1,
      productId: productBySku(spec.sku).id,
      userId: spec.byMember ? reviewers.memberId : null,
      nickname: spec.nickname,
      title: spec.title,
      rate: spec.rate,
      review: spec.review,
      status: spec.status ?? "published",
      comment: spec.reply ?? null,
      commentUserId: spec.reply ? reviewers.staffId : null,
      commentedAt: spec.reply ? daysAfter(createdAt, 1) : null,
      createdAt,
    };
  });
}

/** The product's variations with their choices, and its options with theirs, as the editor's form rows. */
function rowsOf(spec: ProductSpec): Pick<ProductFormInput, "variations" | "options"> {
  return {
    variations: VARIATIONS.filter((variation) => variation.productId === spec.id).map((variation) => ({
      sku: variation.sku,
      title: variation.title,
      type: variation.type,
      inventory: variation.inventory,
      choices: VARIATION_CHOICES.filter((choice) => choice.variationId === variation.id).map((choice) => ({
        sku: choice.sku,
        groupTitle: choice.groupTitle,
        title: choice.title,
        priceDiff: choice.priceDiff,
        inventory: choice.inventory,
      })),
    })),
    options: PRODUCT_OPTIONS.filter((option) => option.productId === spec.id).map((option) => ({
      title: option.title,
      type: option.type,
      active: option.active,
      required: option.required,
      choices: PRODUCT_OPTION_CHOICES.filter((choice) => choice.optionId === option.id).map((choice) => ({ title: choice.title, fee: choice.fee })),
    })),
  };
}

/** The catalogue's fixed ids of the product's rows, in the form's order. */
function idsOf(spec: ProductSpec): NewRowIds {
  const variations = VARIATIONS.filter((variation) => variation.productId === spec.id);
  const choices = VARIATION_CHOICES.filter((choice) => variations.some((variation) => variation.id === choice.variationId));
  return {
    product: spec.id,
    bySku: Object.fromEntries([...variations, ...choices].map((row) => [row.sku, row.id])),
    options: PRODUCT_OPTIONS.filter((option) => option.productId === spec.id).map((option) => ({
      id: option.id,
      choices: PRODUCT_OPTION_CHOICES.filter((choice) => choice.optionId === option.id).map((choice) => choice.id),
    })),
  };
}

function tagIdsOf(spec: ProductSpec, kind: "trouble" | "situation"): number[] {
  return TAGS.filter((tag) => tag.kind === kind && (spec.tags ?? []).some((slug) => slug === tag.slug)).map((tag) => tag.id);
}

function demoProducts(now: Date, reviewRows: Catalogue["reviews"]): DemoProduct[] {
  return PRODUCTS.map((spec) => {
    const { status, isPrivate, secret, ...editorExtra } = spec.extra ?? {};
    const published = reviewRows.filter((review) => review.productId === spec.id && review.status === "published");
    const rateSum = published.reduce((sum, review) => sum + review.rate, 0);
    const merchantId = spec.merchant ? idOf(MERCHANTS, spec.merchant) : null;
    const primaryCategoryId = idOf(CATEGORIES, spec.category);
    const topCategoryId = topCategoryOf(spec.category).id;
    const publishedAt = daysAfter(now, -spec.age);
    return {
      sku: spec.sku,
      form: {
        sku: spec.sku,
        title: spec.title,
        catchcopy: spec.catchcopy,
        description: spec.description,
        taxRate: String(spec.taxRate),
        regularPrice: spec.price,
        primaryCategoryId,
        // A subcategory's products are listed under its top category too.
        categoryIds: topCategoryId === primaryCategoryId ? [] : [topCategoryId],
        featureIds: spec.features.map((slug) => idOf(FEATURES, slug)),
        troubleTagIds: tagIdsOf(spec, "trouble"),
        situationTagIds: tagIdsOf(spec, "situation"),
        shippingFrom: merchantId ? "merchant" : "warehouse",
        merchantId,
        shippingDays: merchantId ? 2 : 1,
        inventory: spec.inventory ?? 0,
        preorderShipDate: spec.preorderInMonths ? addMonthsToDate(jstDate(now), spec.preorderInMonths) : null,
        subscriptionPrices: (SUBSCRIPTION_TIERS[spec.sku] ?? []).map((unitPriceExclTax, index) => ({ quantity: index + 1, unitPriceExclTax })),
        ...rowsOf(spec),
        ...editorExtra,
      },
      ids: idsOf(spec),
      columns: {
        status: status ?? "published",
        isPrivate: isPrivate ?? false,
        secret: secret ?? null,
        reviewCount: published.length,
        reviewAvg: published.length ? Math.round((rateSum * 10) / published.length) : 0,
        createdAt: publishedAt,
        publishedAt,
        // Last edited when it was put on sale, as far as the demo knows (listings sort on it).
        updatedAt: publishedAt,
      },
    };
  });
}

function buildCoupons(now: Date): Pick<Catalogue, "coupons" | "couponProductPrices" | "couponPriceRanges" | "couponCampaigns" | "pointPromos"> {
  const startsAt = daysAfter(now, -30);
  const expiresAt = daysAfter(now, 365);
  const createdAt = startsAt;
  return {
    coupons: [
      {
        id: COUPON_IDS.WELCOME500,
        code: "WELCOME500",
        title: "はじめてのお買い物に使える500円OFFクーポン",
        titleSimple: "500円OFF",
        type: "fix",
        value: 500,
        startsAt,
        expiresAt,
        createdAt,
      },
      {
        id: COUPON_IDS.SPRING10,
        code: "SPRING10",
        title: "春の感謝祭 全品10%OFFクーポン",
        titleSimple: "10%OFF",
        type: "rate",
        value: 10,
        startsAt,
        expiresAt,
        createdAt,
      },
      {
        id: COUPON_IDS.FREESHIP,
        code: "FREESHIP",
        title: "送料無料クーポン",
        titleSimple: "送料無料",
        type: "fix",
        value: 0,
        freeShipping: true,
        startsAt,
        expiresAt,
        createdAt,
      },
      {
        id: COUPON_IDS.MEMBER1000,
        code: "MEMBER1000",
        title: "会員様限定 1,000円OFFクーポン",
        titleSimple: "1,000円OFF",
        type: "fix",
        value: 1000,
        memberOnly: true,
        startsAt,
        expiresAt,
        createdAt,
      },
      {
        id: COUPON_IDS.ALONE20,
        code: "ALONE20",
        title: "【他クーポン併用不可】20%OFF特別クーポン",
        titleSimple: "20%OFF",
        type: "rate",
        value: 20,
        alone: true,
        startsAt,
        expiresAt,
        createdAt,
      },
      {
        id: COUPON_IDS.EXPIRED100,
        code: "EXPIRED100",
        title: "秋の味覚フェア 100円OFFクーポン",
        titleSimple: "100円OFF",
        type: "fix",
        value: 100,
        startsAt: daysAfter(now, -120),
        expiresAt: daysAfter(now, -30),
        createdAt: daysAfter(now, -120),
      },
      {
        id: COUPON_IDS.TEAFAIR,
        code: "TEAFAIR",
        title: "日本茶フェア 対象のお茶がお得になるクーポン",
        titleSimple: "日本茶フェア",
        type: "rate",
        value: 15,
        productsDefault: false,
        startsAt,
        expiresAt,
        createdAt,
      },
      {
        id: COUPON_IDS.MATOMEGAI,
        code: "MATOMEGAI",
        title: "まとめ買いでお得 お買い上げ金額に応じて割引",
        titleSimple: "まとめ買い割",
        type: "fix",
        value: 300,
        minAmount: 3000,
        startsAt,
        expiresAt,
        createdAt,
      },
      {
        id: COUPON_IDS.GIFTAUTO,
        code: "GIFTAUTO",
        title: "ギフトセット 200円OFF（自動適用）",
        titleSimple: "ギフト200円OFF",
        type: "fix",
        value: 200,
        isAuto: true,
        productsDefault: false,
        startsAt,
        expiresAt,
        createdAt,
      },
    ],
    couponProductPrices: [
      { couponId: COUPON_IDS.TEAFAIR, productId: productBySku("DRINK-SENCHA").id, type: "rate", value: 15, titleSimple: "15%OFF" },
      { couponId: COUPON_IDS.TEAFAIR, productId: productBySku("DRINK-MATCHA").id, type: "rate", value: 15, titleSimple: "15%OFF" },
      { couponId: COUPON_IDS.TEAFAIR, productId: productBySku("DRINK-HOJICHA").id, type: "fix", value: 100, titleSimple: "100円OFF" },
      { couponId: COUPON_IDS.GIFTAUTO, productId: productBySku("GIFT-TEA-SET").id, type: "fix", value: 200, titleSimple: "200円OFF" },
      { couponId: COUPON_IDS.GIFTAUTO, productId: productBySku("GIFT-HOJICHA-HIGASHI").id, type: "fix", value: 200, titleSimple: "200円OFF" },
    ],
    couponPriceRanges: [
      { id: 1, couponId: COUPON_IDS.MATOMEGAI, minAmount: 3000, type: "fix", value: 300 },
      { id: 2, couponId: COUPON_IDS.MATOMEGAI, minAmount: 5000, type: "fix", value: 700 },
      { id: 3, couponId: COUPON_IDS.MATOMEGAI, minAmount: 10000, type: "rate", value: 10 },
    ],
    couponCampaigns: [
      {
        id: 1,
        code: "CAMPAIGN2026",
        title: "2026年 新春キャンペーン 300円OFF",
        type: "fix",
        value: 300,
        minAmount: 3000,
        startsAt: daysAfter(now, -7),
        endsAt: daysAfter(now, 30),
      },
    ],
    pointPromos: [
      {
        id: 1,
        title: "ポイント2倍キャンペーン（5,000円以上のお買い物が対象）",
        color: "#ee6d68",
        rate: 2,
        minAmount: 5000,
        startsAt: daysAfter(now, -7),
        endsAt: daysAfter(now, 30),
      },
    ],
  };
}

export function buildCatalogue(now: Date, reviewers: Reviewers): Catalogue {
  const reviewRows = buildReviews(now, reviewers);
  const media: Catalogue["productMedia"] = [
    ...PRODUCTS.map((spec) => ({ id: spec.id, productId: spec.id, url: productImagePath(spec.sku), alt: spec.title, position: 0 })),
    ...VARIATIONS.map((variation) => ({
      id: 1000 + variation.id,
      productId: variation.productId,
      variationId: variation.id,
      url: productImagePath(variation.sku),
      alt: `${productBySku("DEMO-VARIATION").title}（${variation.title}）`,
      position: 1 + (variation.position ?? 0),
    })),
  ];
  return {
    merchants: MERCHANTS.map((merchant) => ({ ...merchant, createdAt: daysAfter(now, -720) })),
    categories: CATEGORIES.map((category) => ({ ...category })),
    features: FEATURES.map((feature, index) => ({ ...feature, position: index + 1 })),
    tags: TAGS.map((tag, index) => ({ ...tag, position: index + 1 })),
    products: demoProducts(now, reviewRows),
    productMedia: media,
    relatedProducts: Object.entries(RELATED).flatMap(([sku, relatedSkus]) =>
      relatedSkus.map((relatedSku, position) => ({
        productId: productBySku(sku).id,
        relatedProductId: productBySku(relatedSku).id,
        position,
      })),
    ),
    reviews: reviewRows,
    ...buildCoupons(now),
  };
}
