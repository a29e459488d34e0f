/**
 * The whole relational model (D1 / SQLite) of the marketplace, after spec §3 (docs/spec.md) and docs/architecture.md.
 * Money is integer yen. Unless a column says "excl. tax", prices are tax-included as the shop shows them.
 * Timestamps are integer milliseconds since the epoch (`timestamp_ms`); calendar dates are ISO text.
 * Migrations are generated from this file by drizzle-kit (`npm run db:generate`).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const flag = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);

// ─── Catalogue ──────────────────────────────────────────────────────────────────────────────

export const merchants = sqliteTable("merchants", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  /** Shipping fee of one shipment from this merchant (tax incl.). */
  shippingFee: integer("shipping_fee").notNull(),
  /** Subtotal from which this merchant ships for free; null = never free. */
  freeShippingThreshold: integer("free_shipping_threshold"),
  /** A suspended merchant's products are not sold (listings, product pages, cart and checkout refuse them). */
  status: text("status", { enum: ["active", "suspended"] })
    .notNull()
    .default("active"),
  /** The shop's contact at the merchant (staff use only). */
  contactName: text("contact_name").notNull().default(""),
  contactEmail: text("contact_email").notNull().default(""),
  contactPhone: text("contact_phone").notNull().default(""),
  /** 特定商取引法に基づく表記 of the merchant, shown in its products' shipping notice. */
  legalName: text("legal_name").notNull().default(""),
  representative: text("representative").notNull().default(""),
  postalCode: text("postal_code").notNull().default(""),
  address: text("address").notNull().default(""),
  phone: text("phone").notNull().default(""),
  email: text("email").notNull().default(""),
  /** Where the merchant's alerts go (issue 37 item 4): addresses, one per line; empty = the contact address. */
  alertEmails: text("alert_emails").notNull().default(""),
  /** One mail per event, a daily digest of them, or none. */
  alertMode: text("alert_mode", { enum: ["each", "digest", "off"] })
    .notNull()
    .default("each"),
  /** The shop's commission on this merchant's sales, in basis points (1000 = 10%); a category may override it. */
  commissionBp: integer("commission_bp").notNull().default(1000),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
});

export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    parentId: integer("parent_id").references((): AnySQLiteColumn => categories.id),
    /** Top categories (parentId null) are the 8 tiles of the search filter. */
    position: integer("position").notNull().default(0),
    icon: text("icon").notNull().default(""),
  },
  (t) => [index("categories_parent_idx").on(t.parentId, t.position)],
);

export const features = sqliteTable("features", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  position: integer("position").notNull().default(0),
  icon: text("icon").notNull().default(""),
});

/** Troubles ("お悩み") and situations ("シーン") offered as search dropdowns. */
export const tags = sqliteTable(
  "tags",
  {
    id: integer("id").primaryKey(),
    kind: text("kind", { enum: ["trouble", "situation"] }).notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("tags_kind_slug_idx").on(t.kind, t.slug)],
);

/**
 * The selling price in SQL: the same rule as `sellingPrice` in app/core/catalogue/pricing.ts (the sale price while it is
 * lower than the regular price). One expression for the listing indexes and the queries, which SQLite can only
 * match to an index when they are the same; tests/integration/search.test.ts pins that it agrees with the core rule.
 */
export function sellingPriceOf(columns: { discountPrice: AnySQLiteColumn; regularPrice: AnySQLiteColumn }) {
  const { discountPrice, regularPrice } = columns;
  return sql<number>`(case when ${discountPrice} is not null and ${discountPrice} < ${regularPrice} then ${discountPrice} else ${regularPrice} end)`;
}

/**
 * When the product was last edited (its creation until the first edit): the back office's default order.
 * Written without a comma (not coalesce): drizzle-kit splits an index expression at its commas.
 */
export function lastEditedOf(columns: { updatedAt: AnySQLiteColumn; createdAt: AnySQLiteColumn }) {
  return sql<number>`(case when ${columns.updatedAt} is null then ${columns.createdAt} else ${columns.updatedAt} end)`;
}

/**
 * What a listing index holds after its order's keys: the id (the last key), then every column a listing
 * filters on: the seller, the category (primary, and the top-category bits: decision 0030) and both prices
 * (SQLite reads an indexed expression's columns from the row otherwise).
 */
function listingHeld(t: {
  id: AnySQLiteColumn;
  merchantId: AnySQLiteColumn;
  primaryCategoryId: AnySQLiteColumn;
  discountPrice: AnySQLiteColumn;
  regularPrice: AnySQLiteColumn;
  categoryBits: AnySQLiteColumn;
}) {
  return [t.id, t.merchantId, t.primaryCategoryId, t.discountPrice, t.regularPrice, t.categoryBits] as const;
}

/** The highest id with a bit in products.feature_bits, tag_bits and category_bits (migration 0017's triggers). */
export const LAST_FACET_BIT = 52;

/** The index a keyword's hits are ranked on (named in the queries: SQLite would look each hit up by rowid). */
export const PRODUCTS_BY_ID_INDEX = "products_by_id_idx";

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey(),
    sku: text("sku").notNull().unique(),
    title: text("title").notNull(),
    /** Short catch copy shown under the title and in listings. */
    catchcopy: text("catchcopy").notNull().default(""),
    /** Sanitised HTML. */
    description: text("description").notNull().default(""),
    type: text("type", { enum: ["simple", "set", "variation"] })
      .notNull()
      .default("simple"),
    status: text("status", { enum: ["published", "draft", "archived"] })
      .notNull()
      .default("published"),
    /** Consumption tax rate in percent: 10 standard, 8 reduced (food). */
    taxRate: integer("tax_rate").notNull().default(10),
    /** Standard selling price, tax incl. */
    regularPrice: integer("regular_price").notNull(),
    /** Sale price while discounted, tax incl.; null = no sale. */
    discountPrice: integer("discount_price"),
    /** Reference (list) price used for "save" figures; null = regularPrice. */
    originalPrice: integer("original_price"),
    primaryCategoryId: integer("primary_category_id")
      .notNull()
      .references(() => categories.id),
    shippingFrom: text("shipping_from", { enum: ["warehouse", "merchant"] })
      .notNull()
      .default("warehouse"),
    merchantId: integer("merchant_id").references(() => merchants.id),
    /** Days until the item ships; over 6 makes it a pre-order. */
    shippingDays: integer("shipping_days").notNull().default(1),
    hideShippingInfo: flag("hide_shipping_info"),
    coldshipping: text("coldshipping", { enum: ["none", "optional", "required"] })
      .notNull()
      .default("none"),
    isDigital: flag("is_digital"),
    /** Best-before text, e.g. 「製造日より180日」; null = not perishable. */
    expiry: text("expiry"),
    /** Subscription delivery interval in months. */
    period: integer("period").notNull().default(1),
    inventory: integer("inventory").notNull().default(0),
    /** Staff are alerted at this stock or below (each variation's, for a variation product); null = LOW_STOCK_DEFAULT. */
    lowStockThreshold: integer("low_stock_threshold"),
    /** Most pre-orders one order line may take. */
    preorderLimit: integer("preorder_limit").notNull().default(0),
    /** Pre-order stock still available. */
    inventoryPreorderMax: integer("inventory_preorder_max").notNull().default(0),
    /** ISO date the pre-ordered stock is expected to ship. */
    preorderShipDate: text("preorder_ship_date"),
    disablePreorder: flag("disable_preorder"),
    disableRequest: flag("disable_request"),
    subscribe: flag("subscribe"),
    subscribeOnly: flag("subscribe_only"),
    isPrivate: flag("is_private"),
    /** Secret of the private access link /product/access/link/{sku}/{secret}. */
    secret: text("secret"),
    couponDisabled: flag("coupon_disabled"),
    disableWrapping: flag("disable_wrapping"),
    deliveryIcon: text("delivery_icon"),
    deliveryIconType: text("delivery_icon_type", { enum: ["new", "other"] }),
    deliveryIconText: text("delivery_icon_text"),
    /** Denormalised review figures, refreshed when a review is written. */
    reviewCount: integer("review_count").notNull().default(0),
    reviewAvg: integer("review_avg_x10").notNull().default(0),
    createdAt: createdAt(),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    /** Last edit in the back office (editor, stock, images, CSV); pages and caches key on it. */
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    /** Bumped by every back-office write: an edit saved over a newer one is refused (optimistic lock). */
    revision: integer("revision").notNull().default(0),
    /**
     * The product's features, tags and top categories (primary or extra, or a subcategory of one) as bit sets:
     * bit n for id n (1–LAST_FACET_BIT, exact in a JS number). Kept by triggers on the link tables (migration
     * 0017), read by the keyword search's facet counts (decision 0026) and a top category's listing (decision
     * 0030); never written by the services.
     */
    featureBits: integer("feature_bits").notNull().default(0),
    tagBits: integer("tag_bits").notNull().default(0),
    categoryBits: integer("category_bits").notNull().default(0),
  },
  (t) => [
    index("products_merchant_idx").on(t.merchantId, t.status),
    index("products_listing_idx").on(t.status, t.isPrivate, t.primaryCategoryId),
    index("products_price_idx").on(t.regularPrice),
    // One index per listing order (app/services/catalogue/catalogue.server.ts), each led by the listed condition and
    // holding every column a listing filters on (listingHeld), so a page walks index entries in order and a
    // total counts them, never reading the table; tests/integration/listing-plans.test.ts pins the plans.
    // Every key ascends, the id last: a descending order walks its index backwards, and the next page's seek
    // past a row is one range.
    // The back office's product list in its default order (last edited first), for staff and for one merchant.
    index("products_edited_idx").on(lastEditedOf(t), t.id),
    index("products_merchant_edited_idx").on(t.merchantId, lastEditedOf(t), t.id),
    index("products_listed_new_idx").on(t.status, t.isPrivate, t.createdAt, ...listingHeld(t)),
    index("products_listed_reviews_idx").on(t.status, t.isPrivate, t.reviewCount, t.reviewAvg, t.createdAt, ...listingHeld(t)),
    index("products_listed_price_idx").on(t.status, t.isPrivate, sellingPriceOf(t), ...listingHeld(t)),
    // A keyword's hits in id order (decision 0029): every column a filter, an order or a facet count reads, so
    // ranking and counting thousands of hits reads these narrow entries, not the products' wide rows.
    index(PRODUCTS_BY_ID_INDEX).on(
      t.id,
      t.status,
      t.isPrivate,
      t.merchantId,
      t.primaryCategoryId,
      t.discountPrice,
      t.regularPrice,
      t.reviewCount,
      t.reviewAvg,
      t.createdAt,
      t.categoryBits,
      t.featureBits,
      t.tagBits,
    ),
    check("products_inventory_nonnegative", sql`${t.inventory} >= 0`),
    check("products_preorder_nonnegative", sql`${t.inventoryPreorderMax} >= 0`),
    check("products_tax_rate", sql`${t.taxRate} in (8, 10)`),
  ],
);

export const productCategories = sqliteTable(
  "product_categories",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index("product_categories_category_idx").on(t.categoryId),
    index("product_categories_category_product_idx").on(t.categoryId, t.productId),
  ],
);

export const productFeatures = sqliteTable(
  "product_features",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    featureId: integer("feature_id")
      .notNull()
      .references(() => features.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.featureId] }),
    index("product_features_feature_idx").on(t.featureId),
    index("product_features_feature_product_idx").on(t.featureId, t.productId),
  ],
);

export const productTags = sqliteTable(
  "product_tags",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.tagId] }),
    index("product_tags_tag_idx").on(t.tagId),
    index("product_tags_tag_product_idx").on(t.tagId, t.productId),
  ],
);

export const productVariations = sqliteTable(
  "product_variations",
  {
    id: integer("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull().unique(),
    title: text("title").notNull(),
    /** Label of the picker, e.g. 「カラー」. */
    vTitle: text("v_title").notNull().default("タイプ"),
    status: text("status", { enum: ["published", "draft", "archived"] })
      .notNull()
      .default("published"),
    /** 'variable' = the buyer must also pick one of the variation's choices. */
    type: text("type", { enum: ["normal", "variable"] })
      .notNull()
      .default("normal"),
    /** Own price, tax incl.; null = the product's. */
    regularPrice: integer("regular_price"),
    discountPrice: integer("discount_price"),
    inventory: integer("inventory").notNull().default(0),
    inventoryPreorderMax: integer("inventory_preorder_max").notNull().default(0),
    expiry: text("expiry"),
    maxSubscription: integer("max_subscription"),
    deliveryIcon: text("delivery_icon"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_variations_product_idx").on(t.productId, t.position), check("product_variations_inventory_nonnegative", sql`${t.inventory} >= 0`)],
);

/** The choices ("variables") of a variable variation, e.g. size S/M/L of one colour. */
export const variationChoices = sqliteTable(
  "variation_choices",
  {
    id: integer("id").primaryKey(),
    variationId: integer("variation_id")
      .notNull()
      .references(() => productVariations.id, { onDelete: "cascade" }),
    /** The cart's `c` value. */
    sku: text("sku").notNull().unique(),
    groupTitle: text("group_title").notNull(),
    title: text("title").notNull(),
    /** Added to the variation price, tax incl. */
    priceDiff: integer("price_diff").notNull().default(0),
    /** Own stock; null = shares the variation's. */
    inventory: integer("inventory"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("variation_choices_variation_idx").on(t.variationId, t.position)],
);

export const productOptions = sqliteTable(
  "product_options",
  {
    id: integer("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    type: text("type", { enum: ["list", "radio"] }).notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    required: flag("required"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_options_product_idx").on(t.productId, t.position)],
);

export const productOptionChoices = sqliteTable(
  "product_option_choices",
  {
    id: integer("id").primaryKey(),
    optionId: integer("option_id")
      .notNull()
      .references(() => productOptions.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Added per item, tax incl. */
    fee: integer("fee").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_option_choices_option_idx").on(t.optionId, t.position)],
);

/** Subscription tiers: unit price (excl. tax; tax is added rounded down) by quantity 1–6. */
export const subscriptionPrices = sqliteTable(
  "subscription_prices",
  {
    id: integer("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variationId: integer("variation_id").references(() => productVariations.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    unitPriceExclTax: integer("unit_price_excl_tax").notNull(),
  },
  (t) => [uniqueIndex("subscription_prices_tier_idx").on(t.productId, t.variationId, t.quantity)],
);

export const productMedia = sqliteTable(
  "product_media",
  {
    id: integer("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variationId: integer("variation_id").references(() => productVariations.id, { onDelete: "cascade" }),
    /** Path under public/ (demo) or an R2-served URL. */
    url: text("url").notNull(),
    alt: text("alt").notNull().default(""),
    width: integer("width").notNull().default(600),
    height: integer("height").notNull().default(600),
    position: integer("position").notNull().default(0),
    /** Uploaded photos: the R2 key prefix of the original and its resized renditions; null = a file under public/. */
    r2Key: text("r2_key"),
    /** Hash of the uploaded bytes; part of the served URL, so a changed image gets a new URL. */
    contentHash: text("content_hash"),
  },
  (t) => [index("product_media_product_idx").on(t.productId, t.position)],
);

export const relatedProducts = sqliteTable(
  "related_products",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    relatedProductId: integer("related_product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedProductId] })],
);

/**
 * Every stock adjustment made in the back office (receipt, correction, CSV import), with the stock before
 * and after as the same batch saw it. Orders and cancellations move stock without a row here.
 */
export const stockMovements = sqliteTable(
  "stock_movements",
  {
    id: integer("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variationId: integer("variation_id").references(() => productVariations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["receipt", "correction", "import"] }).notNull(),
    /** Which stock: the normal one or the pre-order one. */
    pool: text("pool", { enum: ["stock", "preorder"] })
      .notNull()
      .default("stock"),
    before: integer("before").notNull(),
    after: integer("after").notNull(),
    reason: text("reason").notNull().default(""),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("stock_movements_product_idx").on(t.productId, t.createdAt)],
);

/** Every change of a selling price (product or variation, regular or sale, subscription tier). Orders keep their own prices. */
export const priceChanges = sqliteTable(
  "price_changes",
  {
    id: integer("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variationId: integer("variation_id").references(() => productVariations.id, { onDelete: "cascade" }),
    /** regular_price / discount_price, or `subscription:{quantity}` for a tier (excl. tax). */
    field: text("field").notNull(),
    before: integer("before"),
    after: integer("after"),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("price_changes_product_idx").on(t.productId, t.createdAt)],
);

/**
 * A catalogue CSV that went through its dry run: the validated plan waits in R2 (`r2_key`) until the user
 * applies it. Applying is a conditional UPDATE of `status` first, so one file is applied once.
 */
export const catalogueImports = sqliteTable(
  "catalogue_imports",
  {
    id: integer("id").primaryKey(),
    /** Unguessable id used in the apply form and URL. */
    token: text("token").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A merchant's import touches only that merchant's products; null = staff. */
    merchantId: integer("merchant_id").references(() => merchants.id),
    filename: text("filename").notNull(),
    encoding: text("encoding").notNull(),
    rowCount: integer("row_count").notNull(),
    refusedCount: integer("refused_count").notNull().default(0),
    r2Key: text("r2_key").notNull(),
    status: text("status", { enum: ["checked", "applying", "applied", "failed"] })
      .notNull()
      .default("checked"),
    createdAt: createdAt(),
    appliedAt: integer("applied_at", { mode: "timestamp_ms" }),
    // The apply runs in chunks on the queue (docs/decisions/0019-catalogue-import-queue.md).
    /** The lines the person kept (JSON array), set when the apply starts. */
    applyLines: text("apply_lines"),
    /** Who applied it, as stock and price histories name them. */
    appliedByName: text("applied_by_name"),
    applyStartedAt: integer("apply_started_at", { mode: "timestamp_ms" }),
    /** Kept records to apply, and of them done (saved or refused) and refused so far. */
    applyTotal: integer("apply_total").notNull().default(0),
    doneRows: integer("done_rows").notNull().default(0),
    refusedRows: integer("refused_rows").notNull().default(0),
    /** The next product (in the order of the kept records) a chunk starts at, and how many there are. */
    nextProduct: integer("next_product").notNull().default(0),
    productCount: integer("product_count").notNull().default(0),
    /** The consumer applying a chunk now (null: none) and when it claimed it or last finished one. */
    claimId: text("claim_id"),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    /** Lines saved so far (JSON array, written in the batch that saved them) and refusals ([{line, message}]). */
    savedLines: text("saved_lines").notNull().default("[]"),
    refusals: text("refusals").notNull().default("[]"),
  },
  (t) => [index("catalogue_imports_user_idx").on(t.userId, t.createdAt), index("catalogue_imports_status_idx").on(t.status, t.claimedAt)],
);

// ─── People ─────────────────────────────────────────────────────────────────────────────────

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey(),
    email: text("email").notNull().unique(),
    /** `pbkdf2-sha256$iterations$salt$hash` (base64), see app/auth/password.server.ts. */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["customer", "staff", "merchant"] })
      .notNull()
      .default("customer"),
    /** A merchant's staff login: the merchant whose shipments (and, later, products) it manages. */
    merchantId: integer("merchant_id").references(() => merchants.id),
    lastname: text("lastname").notNull(),
    firstname: text("firstname").notNull(),
    lastnameJp: text("lastname_jp").notNull(),
    firstnameJp: text("firstname_jp").notNull(),
    nickname: text("nickname"),
    phone: text("phone"),
    points: integer("points").notNull().default(0),
    newsletter: flag("newsletter"),
    /** Members flagged for one-click buy-now (spec "user=1"). */
    oneClick: flag("one_click"),
    /** Staff whose replies wait as 承認待ち until a colleague who needs no approval sends them (issue 36 item 8). */
    replyNeedsApproval: flag("reply_needs_approval"),
    /** A staff login that is also the shop's owner (owner ⊃ staff): changes settings, suspends, adjusts points past the limit. */
    isOwner: flag("is_owner"),
    /** Set while staff have suspended the account: it cannot sign in or order, and its sessions were ended. */
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    suspensionReason: text("suspension_reason").notNull().default(""),
    /** Set when the member left (退会): the row is anonymised and can no longer sign in. */
    withdrawnAt: integer("withdrawn_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [check("users_points_nonnegative", sql`${t.points} >= 0`)],
);

/**
 * Attempt counters of app/db/throttle.server.ts (failed logins, coupon-code guesses), one row per key
 * such as `login:email-ip:{email}|{ip}`; a fixed window restarts once `window_started_at` is older than
 * the rule's window (app/core/site/throttle.ts).
 */
export const throttleCounters = sqliteTable("throttle_counters", {
  key: text("key").primaryKey(),
  attempts: integer("attempts").notNull(),
  windowStartedAt: integer("window_started_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Signed-in sessions (server-side, so logout and a password change end them). The cookie carries a random
 * token; only its SHA-256 (hex) is stored, so a copy of this table opens no account.
 */
export const userSessions = sqliteTable(
  "user_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** Refreshed at most every SESSION_TOUCH_INTERVAL_MS; the idle expiry counts from here. */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);

export const addresses = sqliteTable(
  "addresses",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    lastname: text("lastname").notNull(),
    firstname: text("firstname").notNull(),
    lastnameJp: text("lastname_jp").notNull(),
    firstnameJp: text("firstname_jp").notNull(),
    postalCode: text("postal_code").notNull(),
    /** 1 (北海道) … 47 (沖縄県). */
    prefecture: integer("prefecture").notNull(),
    city: text("city").notNull(),
    district: text("district").notNull().default(""),
    address1: text("address1").notNull(),
    address2: text("address2").notNull().default(""),
    phone: text("phone").notNull(),
    isDefault: flag("is_default"),
    createdAt: createdAt(),
  },
  (t) => [index("addresses_user_idx").on(t.userId), check("addresses_prefecture_range", sql`${t.prefecture} between 1 and 47`)],
);

export const favorites = sqliteTable(
  "favorites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const stockRequests = sqliteTable(
  "stock_requests",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variationId: integer("variation_id").references(() => productVariations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    // One open request per member and item; SQLite unique indexes treat NULLs as distinct, hence two.
    uniqueIndex("stock_requests_variation_once_idx").on(t.userId, t.productId, t.variationId),
    uniqueIndex("stock_requests_product_once_idx")
      .on(t.userId, t.productId)
      .where(sql`${t.variationId} is null`),
    index("stock_requests_product_idx").on(t.productId, t.notifiedAt),
  ],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    nickname: text("nickname").notNull(),
    title: text("title").notNull(),
    rate: integer("rate").notNull(),
    /** HTML, sanitised when rendered. */
    review: text("review").notNull(),
    status: text("status", { enum: ["published", "pending", "hidden"] })
      .notNull()
      .default("published"),
    /** Staff reply, labelled as staff. */
    comment: text("comment"),
    commentUserId: integer("comment_user_id").references(() => users.id, { onDelete: "set null" }),
    commentedAt: integer("commented_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("reviews_product_idx").on(t.productId, t.status, t.createdAt), check("reviews_rate_range", sql`${t.rate} between 1 and 5`)],
);

// ─── Carts ──────────────────────────────────────────────────────────────────────────────────

export const carts = sqliteTable(
  "carts",
  {
    /** Random id; a guest's cart is found by the id kept in their session cookie. */
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    couponCode: text("coupon_code"),
    pointAmount: integer("point_amount").notNull().default(0),
    paymentMethod: text("payment_method", { enum: ["cod", "bank_transfer", "konbini_postpay"] }),
    /** Buyer chose cold shipping for items where it is optional. */
    coldshipping: flag("coldshipping"),
    warehouseNotice: text("warehouse_notice").notNull().default(""),
    /**
     * What the shopper typed on the checkout when one of its buttons took them to a page that comes back
     * (an address page without JS, the cart): JSON from core/checkout/checkout-draft (saved time and values, never a
     * password), read by the next checkout page while fresh, cleared when the order is placed.
     */
    checkoutDraft: text("checkout_draft"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("carts_user_idx").on(t.userId), check("carts_points_nonnegative", sql`${t.pointAmount} >= 0`)],
);

export const cartVendorNotices = sqliteTable(
  "cart_vendor_notices",
  {
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    notice: text("notice").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.merchantId] })],
);

/** A cart row: one per product + variation + variable choice + options + pre-order + subscription. */
export const cartLines = sqliteTable(
  "cart_lines",
  {
    /**
     * AUTOINCREMENT: an id is never given again, even after the row it named was ordered and deleted, because
     * an order records the rows it consumed by id (orders.cart_state) and a later cart must never match it.
     */
    id: integer("id").primaryKey({ autoIncrement: true }),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variationId: integer("variation_id").references(() => productVariations.id, { onDelete: "cascade" }),
    /** Variable choice sku (`c`). */
    choiceSku: text("choice_sku"),
    /** Chosen option choice ids, sorted, comma-joined ("" = none): part of the row identity. */
    optionChoiceIds: text("option_choice_ids").notNull().default(""),
    wrapping: flag("wrapping"),
    quantity: integer("quantity").notNull(),
    isPreorder: flag("is_preorder"),
    /** Subscription interval in months; null = one-off purchase. */
    subscribe: integer("subscribe"),
    /** Row identity within the cart, derived from the columns above by the cart engine. */
    lineKey: text("line_key").notNull(),
    createdAt: createdAt(),
    /** The shopper's requested shipping day (yyyy-mm-dd, Japan), from cart-add's shipping_day; null = as soon as possible. */
    shippingDay: text("shipping_day"),
    /**
     * For a private product: the secret of the link it was added through. The row can be bought while this
     * still matches the product's secret (or the session holds the link's grant).
     */
    privateGrant: text("private_grant"),
  },
  (t) => [uniqueIndex("cart_lines_identity_idx").on(t.cartId, t.lineKey), check("cart_lines_quantity_positive", sql`${t.quantity} >= 1`)],
);

export const buyLater = sqliteTable(
  "buy_later",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variationId: integer("variation_id").references(() => productVariations.id, { onDelete: "cascade" }),
    choiceSku: text("choice_sku"),
    optionChoiceIds: text("option_choice_ids").notNull().default(""),
    quantity: integer("quantity").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index("buy_later_user_idx").on(t.userId)],
);

// ─── Coupons, campaigns, points ────────────────────────────────────────────────────────────

export const coupons = sqliteTable("coupons", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  title: text("title").notNull(),
  titleSimple: text("title_simple").notNull(),
  type: text("type", { enum: ["fix", "rate"] }).notNull(),
  /** Yen off (fix) or percent off (rate). */
  value: integer("value").notNull(),
  freeShipping: flag("free_shipping"),
  /** Cannot be combined with another coupon. */
  alone: flag("alone"),
  /** Member-only ("registered"), shown with a person symbol. */
  memberOnly: flag("member_only"),
  /** Applied without entering a code. */
  isAuto: flag("is_auto"),
  /** Applies to every product not listed in coupon_product_prices; false = only the listed ones. */
  productsDefault: integer("products_default", { mode: "boolean" }).notNull().default(true),
  minAmount: integer("min_amount").notNull().default(0),
  /** Total uses allowed; null = unlimited. */
  maxUses: integer("max_uses"),
  maxUsesPerUser: integer("max_uses_per_user"),
  startsAt: integer("starts_at", { mode: "timestamp_ms" }),
  /** Expiry ("to"). */
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
  /** Bumped by every staff change (save, end): an edit posted with an older one is refused. */
  revision: integer("revision").notNull().default(0),
});

/** Per-product coupon values (products_prices). */
export const couponProductPrices = sqliteTable(
  "coupon_product_prices",
  {
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["fix", "rate"] }).notNull(),
    value: integer("value").notNull(),
    titleSimple: text("title_simple").notNull().default(""),
  },
  // By product too: the product page reads a product's coupon prices without walking every coupon's.
  (t) => [primaryKey({ columns: [t.couponId, t.productId] }), index("coupon_prices_product_idx").on(t.productId)],
);

/** Products a coupon must not discount (products_excluded / coupons_exluded). */
export const couponProductExclusions = sqliteTable(
  "coupon_product_exclusions",
  {
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.productId] }), index("coupon_exclusions_product_idx").on(t.productId)],
);

/** Tiered values by cart amount (price_range): from minAmount the coupon is worth type/value. */
export const couponPriceRanges = sqliteTable(
  "coupon_price_ranges",
  {
    id: integer("id").primaryKey(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    minAmount: integer("min_amount").notNull(),
    type: text("type", { enum: ["fix", "rate"] }).notNull(),
    value: integer("value").notNull(),
  },
  (t) => [index("coupon_price_ranges_coupon_idx").on(t.couponId, t.minAmount)],
);

export const couponUses = sqliteTable(
  "coupon_uses",
  {
    id: integer("id").primaryKey(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    discount: integer("discount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("coupon_uses_coupon_idx").on(t.couponId, t.userId)],
);

export const couponCampaigns = sqliteTable("coupon_campaigns", {
  id: integer("id").primaryKey(),
  /** The /coupon-get/{code} path part. */
  code: text("code").notNull().unique(),
  title: text("title").notNull(),
  type: text("type", { enum: ["fix", "rate"] }).notNull(),
  value: integer("value").notNull(),
  minAmount: integer("min_amount").notNull().default(0),
  freeShipping: flag("free_shipping"),
  startsAt: integer("starts_at", { mode: "timestamp_ms" }),
  endsAt: integer("ends_at", { mode: "timestamp_ms" }),
  /** Bumped by every staff change (save, end): an edit posted with an older one is refused. */
  revision: integer("revision").notNull().default(0),
});

export const pointPromos = sqliteTable("point_promos", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  color: text("color").notNull().default("#ee6d68"),
  link: text("link").notNull().default(""),
  /** Multiplier of the base earning rate (2 = double points). */
  rate: integer("rate").notNull().default(2),
  minAmount: integer("min_amount").notNull().default(0),
  startsAt: integer("starts_at", { mode: "timestamp_ms" }),
  endsAt: integer("ends_at", { mode: "timestamp_ms" }),
  /** Bumped by every staff change (save, end): an edit posted with an older one is refused. */
  revision: integer("revision").notNull().default(0),
});

export const pointLedger = sqliteTable(
  "point_ledger",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["earned", "used", "expired", "refunded", "adjusted"] }).notNull(),
    /** Signed: positive adds, negative spends. */
    amount: integer("amount").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("point_ledger_user_idx").on(t.userId, t.createdAt)],
);

// ─── Orders and subscriptions ──────────────────────────────────────────────────────────────

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey(),
    /** Human order number shown to the buyer. */
    number: text("number").notNull().unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    status: text("status", { enum: ["pending_payment", "paid", "preparing", "partially_shipped", "shipped", "completed", "cancelled", "returned"] })
      .notNull()
      .default("pending_payment"),
    paymentMethod: text("payment_method", { enum: ["cod", "bank_transfer", "konbini_postpay"] }).notNull(),
    /** 銀行振込: the last Japan date ("2026-11-28") the transfer is accepted, fixed at ordering from the shop settings then. */
    paymentDueOn: text("payment_due_on"),
    subtotal: integer("subtotal").notNull(),
    shippingFee: integer("shipping_fee").notNull().default(0),
    coldshippingFee: integer("coldshipping_fee").notNull().default(0),
    /** Split pre-order shipping charge. */
    splitShippingFee: integer("split_shipping_fee").notNull().default(0),
    extraFee: integer("extra_fee").notNull().default(0),
    wrappingFee: integer("wrapping_fee").notNull().default(0),
    discountCoupon: integer("discount_coupon").notNull().default(0),
    couponCode: text("coupon_code"),
    pointsUsed: integer("points_used").notNull().default(0),
    pointsEarned: integer("points_earned").notNull().default(0),
    /**
     * When the earned points became usable (app/core/member/points.ts: paid, or shipped for 代金引換/後払い); null
     * while they are 付与予定, and for good once the order is cancelled before.
     */
    pointsGrantedAt: integer("points_granted_at", { mode: "timestamp_ms" }),
    /** Points of this order on the member's balance: granted, less what cancelled or returned goods took back. */
    pointsGranted: integer("points_granted").notNull().default(0),
    /** Earned points given up with cancelled or returned goods (pending ones are then not granted). */
    pointsForfeited: integer("points_forfeited").notNull().default(0),
    total: integer("total").notNull(),
    /** Qualified-invoice figures: tax-incl. amount and tax per rate, rounded once per rate. */
    taxable10: integer("taxable_10").notNull().default(0),
    tax10: integer("tax_10").notNull().default(0),
    taxable8: integer("taxable_8").notNull().default(0),
    tax8: integer("tax_8").notNull().default(0),
    shipLastname: text("ship_lastname").notNull(),
    shipFirstname: text("ship_firstname").notNull(),
    shipLastnameJp: text("ship_lastname_jp").notNull(),
    shipFirstnameJp: text("ship_firstname_jp").notNull(),
    shipPostalCode: text("ship_postal_code").notNull(),
    shipPrefecture: integer("ship_prefecture").notNull(),
    shipCity: text("ship_city").notNull(),
    shipDistrict: text("ship_district").notNull().default(""),
    shipAddress1: text("ship_address1").notNull(),
    shipAddress2: text("ship_address2").notNull().default(""),
    shipPhone: text("ship_phone").notNull(),
    deliveryDate: text("delivery_date"),
    deliveryTimeSlot: text("delivery_time_slot"),
    warehouseNotice: text("warehouse_notice").notNull().default(""),
    /** One per checkout form render: a double submit finds the existing order. */
    placementToken: text("placement_token").notNull().unique(),
    /** The cart that placed it: a guest's thank-you page and a replayed token are shown only to that cart. */
    cartId: text("cart_id"),
    /** The cart rows it consumed ("12x2,13x1", cartStateKey): a second tab submitting them is told it was ordered. */
    cartState: text("cart_state"),
    receiptName: text("receipt_name"),
    receiptMemo: text("receipt_memo"),
    /** When staff confirmed a prepayment (入金確認). */
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    /**
     * Bumped by every lifecycle change (app/services/orders/order-changes.server.ts): a change is planned on the
     * order as read and its batch runs only if nothing changed it meanwhile.
     */
    lifecycleVersion: integer("lifecycle_version").notNull().default(0),
    /** How the order came in: the shop's checkout, or staff taking it by phone or mail (受注登録). */
    channel: text("channel", { enum: ["web", "phone", "mail"] })
      .notNull()
      .default("web"),
    /** The staff member who took a phone or mail order. */
    placedBy: integer("placed_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * What edits after payment left to settle, in yen: > 0 the customer owes it (追加請求), < 0 the shop owes a
     * refund (返金予定); recording the payment or the refund brings it back towards 0.
     */
    settlementDue: integer("settlement_due").notNull().default(0),
    /**
     * Yen of recorded refunds that paid back an edit's 返金予定: with settlement_due it tells the money the order
     * took (app/core/orders/order-edits.ts refundableTotal), which refunds never exceed.
     */
    settledRefunds: integer("settled_refunds").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_cart_idx").on(t.cartId, t.cartState),
    // The staff desk pages newest first (keyset on created_at, id), optionally within one state.
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_status_created_idx").on(t.status, t.createdAt, t.id),
    index("orders_email_idx").on(t.email),
  ],
);

/**
 * A guest's registration password held for the checkout's no-JS round trips (住所を検索, 再計算, a refused
 * submit), so it need not be typed again: only its hash, for one cart, for an hour. The form carries the id.
 */
export const checkoutPasswordHolds = sqliteTable("checkout_password_holds", {
  id: text("id").primaryKey(),
  cartId: text("cart_id").notNull(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

/** One shipment per origin: the warehouse, or each merchant. */
export const orderShipments = sqliteTable(
  "order_shipments",
  {
    id: integer("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shippingFrom: text("shipping_from", { enum: ["warehouse", "merchant"] }).notNull(),
    merchantId: integer("merchant_id").references(() => merchants.id),
    shippingFee: integer("shipping_fee").notNull().default(0),
    notice: text("notice").notNull().default(""),
    /** cancelled: every line of it was cancelled before it left. */
    status: text("status", { enum: ["preparing", "shipped", "delivered", "cancelled"] })
      .notNull()
      .default("preparing"),
    /** app/core/orders/carriers.ts key (yamato, sagawa, japanpost), set when it ships. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    shippedAt: integer("shipped_at", { mode: "timestamp_ms" }),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("order_shipments_order_idx").on(t.orderId), index("order_shipments_merchant_idx").on(t.merchantId, t.status, t.orderId)],
);

export const orderLines = sqliteTable(
  "order_lines",
  {
    id: integer("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shipmentId: integer("shipment_id").references(() => orderShipments.id, { onDelete: "set null" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    variationId: integer("variation_id").references(() => productVariations.id),
    choiceSku: text("choice_sku"),
    /** Snapshot at purchase time. */
    sku: text("sku").notNull(),
    title: text("title").notNull(),
    choiceLabel: text("choice_label").notNull().default(""),
    optionsLabel: text("options_label").notNull().default(""),
    picture: text("picture").notNull().default(""),
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    taxRate: integer("tax_rate").notNull(),
    wrapping: flag("wrapping"),
    isPreorder: flag("is_preorder"),
    subscribe: integer("subscribe"),
    total: integer("total").notNull(),
    /** Cancelled on its own before its shipment left (its stock went back). */
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

/**
 * The order's history: every change of state and every staff action, with who did it (staff, the
 * shopper, a merchant, or the system's scheduled job). kind=note rows are staff's internal notes.
 */
export const orderEvents = sqliteTable(
  "order_events",
  {
    id: integer("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shipmentId: integer("shipment_id").references(() => orderShipments.id, { onDelete: "set null" }),
    returnId: integer("return_id"),
    actorKind: text("actor_kind", { enum: ["staff", "customer", "merchant", "system"] }).notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor as shown in the history (kept when the account goes). */
    actorName: text("actor_name").notNull(),
    /** What happened: app/core/orders/order-events.ts ORDER_EVENT_KINDS. */
    kind: text("kind").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/** Money paid back to the buyer (a cancellation, a return), as staff recorded it. */
export const orderRefunds = sqliteTable(
  "order_refunds",
  {
    id: integer("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    returnId: integer("return_id"),
    amount: integer("amount").notNull(),
    /** bank_transfer (振込で返金), billing_cancelled (後払い・代引の請求取消), points, other. */
    method: text("method", { enum: ["bank_transfer", "billing_cancelled", "points", "other"] }).notNull(),
    note: text("note").notNull().default(""),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("order_refunds_order_idx").on(t.orderId), check("order_refunds_amount_positive", sql`${t.amount} > 0`)],
);

/**
 * A shopper's request to return or exchange delivered items: requested → approved | refused; approved →
 * received (the goods came back: restocked, refund recorded).
 */
export const returnRequests = sqliteTable(
  "return_requests",
  {
    id: integer("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["return", "exchange"] }).notNull(),
    /** app/core/returns/return-requests.ts RETURN_REASONS key. */
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    status: text("status", { enum: ["requested", "approved", "refused", "received"] })
      .notNull()
      .default("requested"),
    /** Staff's answer shown to the shopper (why refused, how to send it back). */
    staffMessage: text("staff_message").notNull().default(""),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }),
    /** One per rendering of the request form: a double submit finds the request the first one created. */
    requestToken: text("request_token").unique(),
    /** Staff who recorded the return for the customer (a phone call, a guest); null when the shopper asked. */
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("return_requests_order_idx").on(t.orderId), index("return_requests_status_idx").on(t.status, t.createdAt)],
);

export const returnRequestLines = sqliteTable(
  "return_request_lines",
  {
    returnId: integer("return_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.orderLineId] }), check("return_request_lines_quantity_positive", sql`${t.quantity} > 0`)],
);

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    variationId: integer("variation_id").references(() => productVariations.id),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    quantity: integer("quantity").notNull(),
    periodMonths: integer("period_months").notNull().default(1),
    /** Amount per delivery, tax incl. */
    amount: integer("amount").notNull(),
    status: text("status", { enum: ["active", "cancelled"] })
      .notNull()
      .default("active"),
    nextPaymentDate: text("next_payment_date").notNull(),
    nextShippingDate: text("next_shipping_date").notNull(),
    /** Skipping or cancelling is allowed only for deliveries after this date. */
    cancelDate: text("cancel_date").notNull(),
    paymentMethod: text("payment_method", { enum: ["cod", "bank_transfer", "konbini_postpay"] }).notNull(),
    addressId: integer("address_id").references(() => addresses.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId, t.status)],
);

// ─── Messages to members ───────────────────────────────────────────────────────────────────

export const notificationMails = sqliteTable(
  "notification_mails",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** HTML, sanitised when rendered. */
    content: text("content").notNull(),
    /** Null = unread. */
    readed: integer("readed", { mode: "timestamp_ms" }),
    dateCreated: integer("date_created", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("notification_mails_user_idx").on(t.userId, t.dateCreated)],
);

// ─── Support tickets and attachments ───────────────────────────────────────────────────────

export const tickets = sqliteTable(
  "tickets",
  {
    id: integer("id").primaryKey(),
    /** The member who asked; null for a guest's ticket, opened by mail from an address no member has. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A guest ticket's customer: the address it came from (lower-cased, as order addresses are) and the mail's display name, if any. */
    guestEmail: text("guest_email"),
    guestName: text("guest_name"),
    status: text("status", { enum: ["doing", "close"] })
      .notNull()
      .default("doing"),
    confirmation: text("confirmation", { enum: ["waiting", "resolved", "unresolved"] }),
    priority: text("priority", { enum: ["high", "medium", "low"] }).notNull(),
    category: text("category").notNull(),
    trouble: text("trouble").notNull(),
    replyChoice: text("reply_choice", { enum: ["", "email", "phone"] })
      .notNull()
      .default(""),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    /** The form's `session` timestamp: a double submit of one form creates one ticket. */
    formSession: text("form_session").notNull(),
    /** When staff asked the customer to confirm the resolution; a ticket left waiting 7 days closes itself. */
    confirmationRequestedAt: integer("confirmation_requested_at", { mode: "timestamp_ms" }),
    /** When the ticket was closed (by staff, by the customer's "resolved", or automatically). */
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    /**
     * The random part of the ticket's reply address (`support+{token}@…`, the Reply-To of its mails): a
     * mail to it joins this ticket. Not the id, not guessable; staff can issue a new one (the old stops).
     */
    replyToken: text("reply_token"),
    /** The customer asked to be phoned: set by a staff reply (which mails nothing), cleared when staff have called. */
    callRequestedAt: integer("call_requested_at", { mode: "timestamp_ms" }),
    /** The staff member who owns the ticket (「自分の担当」); null = not assigned. */
    ownerId: integer("owner_id").references((): AnySQLiteColumn => users.id, { onDelete: "set null" }),
    /** Due times counted in the desk's business hours when the ticket opened (issue 36 item 6); kept for the report. */
    firstResponseDueAt: integer("first_response_due_at", { mode: "timestamp_ms" }),
    resolutionDueAt: integer("resolution_due_at", { mode: "timestamp_ms" }),
    /** The first staff message sent to the customer (an approved reply counts when sent). */
    firstRespondedAt: integer("first_responded_at", { mode: "timestamp_ms" }),
    /** A duplicate merged into another ticket (closed; its page leads there). */
    mergedIntoId: integer("merged_into_id").references((): AnySQLiteColumn => tickets.id, { onDelete: "set null" }),
    /** When the one satisfaction mail after closing was queued: set once, so a ticket never asks twice. */
    satisfactionMailedAt: integer("satisfaction_mailed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex("tickets_form_session_idx").on(t.userId, t.formSession),
    uniqueIndex("tickets_guest_form_session_idx").on(t.guestEmail, t.formSession),
    check("tickets_member_or_guest", sql`(${t.userId} is null) = (${t.guestEmail} is not null)`),
    uniqueIndex("tickets_reply_token_idx").on(t.replyToken),
    index("tickets_status_idx").on(t.status, t.updatedAt),
    index("tickets_confirmation_idx").on(t.confirmation, t.confirmationRequestedAt),
    index("tickets_owner_idx").on(t.ownerId, t.status),
    index("tickets_created_idx").on(t.createdAt),
  ],
);

/** The order lines a ticket is about (details[]). */
export const ticketOrderLines = sqliteTable(
  "ticket_order_lines",
  {
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.orderLineId] })],
);

export const ticketMessages = sqliteTable(
  "ticket_messages",
  {
    id: integer("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    /** Staff sender; null = sent by the customer. */
    fromadmin: integer("fromadmin").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    /** When the other side read it (customer for staff messages, staff for customer ones). */
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    dateCreated: integer("date_created", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("ticket_messages_ticket_idx").on(t.ticketId, t.dateCreated)],
);

/**
 * Staff's internal notes on a ticket (issue 36 item 4). A table of their own, not a kind of ticket message:
 * nothing that shows or mails a ticket to its customer reads this table, so a note cannot reach them.
 */
export const ticketNotes = sqliteTable(
  "ticket_notes",
  {
    id: integer("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    /** The staff member who wrote it; null once their account is removed. */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("ticket_notes_ticket_idx").on(t.ticketId, t.id)],
);

/** A colleague mentioned in a note (@名前 or chosen on the form): their in-app notice, until they read it. */
export const staffNotices = sqliteTable(
  "staff_notices",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    noteId: integer("note_id")
      .notNull()
      .references(() => ticketNotes.id, { onDelete: "cascade" }),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("staff_notices_note_user_idx").on(t.noteId, t.userId), index("staff_notices_user_idx").on(t.userId, t.readAt, t.id)],
);

/**
 * Which staff have a ticket open right now, and whether they are typing a reply (issue 36 item 7): each open
 * staff page beats every few seconds; a row not beaten for PRESENCE_WINDOW_MS no longer counts.
 */
export const ticketViewers = sqliteTable(
  "ticket_viewers",
  {
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seenAt: integer("seen_at", { mode: "timestamp_ms" }).notNull(),
    /** The last beat that said the reply box was being typed in; null when it was not. */
    typingAt: integer("typing_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] })],
);

/** Staff's reply templates (issue 36 item 5): a title and a body with {{variables}} filled from the ticket. */
export const replyTemplates = sqliteTable("reply_templates", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  /** Counts saves: an edit saved over a revision another save replaced is refused. */
  revision: integer("revision").notNull().default(0),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

/**
 * A reply of a staff member whose replies need approval (issue 36 item 8): it waits here, unseen by the
 * customer, until a colleague sends it (as written or edited) or returns it with a comment (差戻し).
 */
export const ticketReplyDrafts = sqliteTable(
  "ticket_reply_drafts",
  {
    id: integer("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    /** Ticket upload media ids attached to the reply, comma-separated. */
    mediaIds: text("media_ids").notNull().default(""),
    status: text("status", { enum: ["pending", "approved", "returned", "withdrawn"] })
      .notNull()
      .default("pending"),
    reviewerId: integer("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    reviewComment: text("review_comment"),
    /** The message it became when approved. */
    messageId: integer("message_id").references(() => ticketMessages.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    reviewedAt: integer("reviewed_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("ticket_reply_drafts_status_idx").on(t.status, t.id), index("ticket_reply_drafts_ticket_idx").on(t.ticketId, t.id)],
);

/** The desk's opening hours per weekday (0 = Sunday): due times count only these minutes (issue 36 item 6). */
export const deskHours = sqliteTable("desk_hours", {
  weekday: integer("weekday").primaryKey(),
  /** Minutes after midnight, Asia/Tokyo; both null = closed that day. */
  opensAt: integer("opens_at"),
  closesAt: integer("closes_at"),
});

/** Days the desk is closed besides its weekly hours: Japan's public holidays (data, editable) and the shop's own. */
export const deskHolidays = sqliteTable("desk_holidays", {
  /** ISO date, Asia/Tokyo. */
  date: text("date").primaryKey(),
  name: text("name").notNull(),
});

/** First-response and resolution targets per ticket priority, in business minutes. */
export const deskSlaTargets = sqliteTable("desk_sla_targets", {
  priority: text("priority", { enum: ["high", "medium", "low"] }).primaryKey(),
  firstResponseMinutes: integer("first_response_minutes").notNull(),
  resolutionMinutes: integer("resolution_minutes").notNull(),
});

/** The customer's one answer to the satisfaction mail after a ticket closed (issue 36 item 10). */
export const ticketRatings = sqliteTable(
  "ticket_ratings",
  {
    ticketId: integer("ticket_id")
      .primaryKey()
      .references(() => tickets.id, { onDelete: "cascade" }),
    /** 解決しましたか: null when the customer did not say. */
    resolved: integer("resolved", { mode: "boolean" }),
    /** 対応はいかがでしたか: 1 (不満) … 5 (満足). */
    score: integer("score").notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  (t) => [check("ticket_ratings_score_range", sql`${t.score} between 1 and 5`), index("ticket_ratings_created_idx").on(t.createdAt)],
);

/** Staff's free tags on a ticket (issue 36 item 9): the list filters by them. */
export const ticketTags = sqliteTable(
  "ticket_tags",
  {
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tag] }), index("ticket_tags_tag_idx").on(t.tag)],
);

/**
 * Every mail that reached the support address (Email Routing → the Worker's `email()` handler, issue 36): what
 * became of it — added to a ticket, opened one, held for staff (with why), rejected — so no mail is lost
 * silently. The raw message stays in R2 (`raw_key`) for INBOUND_RAW_KEEP_DAYS; held mails keep their text.
 */
export const inboundMails = sqliteTable(
  "inbound_mails",
  {
    id: integer("id").primaryKey(),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    /** The sender's Message-ID: a mail delivered twice is recorded (and added) once. */
    messageId: text("message_id"),
    outcome: text("outcome", { enum: ["added", "opened", "held", "rejected", "accepted", "discarded"] }).notNull(),
    reason: text("reason"),
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    /** The member the mail is from, when one was found (a held mail's accept adds it as theirs). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The customer's words (quoted history cut off). */
    body: text("body").notNull(),
    /** Attachments not kept, each with why (one per line). */
    attachmentNotes: text("attachment_notes"),
    rawKey: text("raw_key"),
    rawSize: integer("raw_size").notNull(),
    /** Staff who accepted or discarded a held mail. */
    handledBy: integer("handled_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("inbound_mails_message_id_idx").on(t.messageId),
    index("inbound_mails_received_idx").on(t.receivedAt),
    index("inbound_mails_outcome_idx").on(t.outcome, t.receivedAt),
  ],
);

/** Uploaded images in R2 (ticket attachments, review pictures). */
export const media = sqliteTable(
  "media",
  {
    id: integer("id").primaryKey(),
    /** The member (or staff) who uploaded it; null for an image that came in a guest's mail (decision 0052). */
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Unguessable R2 object key. */
    r2Key: text("r2_key").notNull().unique(),
    folder: text("folder").notNull(),
    filename: text("filename").notNull(),
    ext: text("ext").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** Pixel size read from the image header at upload (null when the header does not say). */
    width: integer("width"),
    height: integer("height"),
    ticketMessageId: integer("ticket_message_id").references(() => ticketMessages.id, { onDelete: "set null" }),
    reviewId: integer("review_id").references(() => reviews.id, { onDelete: "set null" }),
    returnRequestId: integer("return_request_id").references((): AnySQLiteColumn => returnRequests.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("media_message_idx").on(t.ticketMessageId),
    index("media_owner_idx").on(t.ownerUserId),
    // A page of reviews loads its photos by review id.
    index("media_review_idx").on(t.reviewId),
    index("media_return_idx").on(t.returnRequestId),
  ],
);

// ─── E-mail and account links ─────────────────────────────────────────────────────────────

/**
 * Every e-mail the shop sends, written in the same D1 batch as the change that causes it and delivered
 * afterwards by the mail queue's consumer (app/services/mail/mail-delivery.server.ts). `key` says which event
 * the mail belongs to (`order-confirmation:{number}` …): writing the same event twice keeps one row, and
 * a row is sent at most once — a sender claims it by a conditional UPDATE first.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey(),
    key: text("key").notNull().unique(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    textBody: text("text_body").notNull(),
    /** An advertising mail's opt-out link (特定電子メール法), also sent as List-Unsubscribe. */
    unsubscribeUrl: text("unsubscribe_url"),
    /** The body holds a sign-in secret (a reset or verification link): staff never see it. */
    sensitive: flag("sensitive"),
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** A pending row is not tried again before this (backoff after a failure). */
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    /** When a sender claimed it; a claim older than the claim timeout is taken to have crashed. */
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** The Message-ID the mail service answered (or `local` when delivered to the dev mailbox only). */
    providerMessageId: text("provider_message_id"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    /** Where the customer's answer goes (Reply-To): the support address of the ticket or order it is about. */
    replyTo: text("reply_to"),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt), index("mail_outbox_created_idx").on(t.createdAt)],
);

/**
 * Single-use links mailed to a member: a password reset, an e-mail change (to `email`, the new address),
 * claiming past guest orders (of `email`). Only the SHA-256 of the token is stored; a use is a
 * conditional UPDATE of `used_at`, so two clicks of one link cannot both succeed.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose", { enum: ["password_reset", "email_change", "order_claim", "merchant_invitation"] }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId, t.purpose)],
);

// ─── The owner's side (issue 37) ──────────────────────────────────────────────────────────

/**
 * The shop's settings (name, seller, contact, bank account, deadlines, alert addresses …) as versions: the
 * newest row is in force, the older ones are its history. `settings` is JSON checked by
 * app/core/settings/shop-settings.ts; only an owner writes a row.
 */
export const shopSettingsVersions = sqliteTable("shop_settings_versions", {
  id: integer("id").primaryKey(),
  settings: text("settings").notNull(),
  changedBy: integer("changed_by").references(() => users.id, { onDelete: "set null" }),
  changedByName: text("changed_by_name").notNull().default(""),
  createdAt: createdAt(),
});

/** Every staff change to a member's record (address, points, suspension …): who, when, what, before → after, why. */
export const customerChanges = sqliteTable(
  "customer_changes",
  {
    id: integer("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    staffId: integer("staff_id").references(() => users.id, { onDelete: "set null" }),
    staffName: text("staff_name").notNull(),
    kind: text("kind", { enum: ["address", "points", "suspend", "resume", "profile"] }).notNull(),
    summary: text("summary").notNull(),
    before: text("before").notNull().default(""),
    after: text("after").notNull().default(""),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("customer_changes_customer_idx").on(t.customerId, t.createdAt)],
);

/**
 * What a merchant is told (issue 37 item 4): one row per event, `key` making it once only; a merchant on
 * the daily digest has its rows collected into one mail, which sets `digested_at`.
 */
export const merchantAlerts = sqliteTable(
  "merchant_alerts",
  {
    id: integer("id").primaryKey(),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    kind: text("kind", { enum: ["ready_to_ship", "return_requested"] }).notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    summary: text("summary").notNull(),
    digestedAt: integer("digested_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("merchant_alerts_key_idx").on(t.merchantId, t.key), index("merchant_alerts_digest_idx").on(t.merchantId, t.digestedAt)],
);

/** A product staff were told is low or out of stock; the row goes when it is restocked, so each crossing alerts once. */
export const lowStockAlerts = sqliteTable("low_stock_alerts", {
  productId: integer("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  alertedAt: integer("alerted_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * The goods sent to replace an exchange's returned lines (the same lines and quantities): stock is taken when
 * it is created; shipped with a tracking number; or, when the goods are out of stock, settled by a refund.
 */
export const returnReplacements = sqliteTable("return_replacements", {
  returnId: integer("return_id")
    .primaryKey()
    .references(() => returnRequests.id, { onDelete: "cascade" }),
  status: text("status", { enum: ["preparing", "shipped", "refunded"] })
    .notNull()
    .default("preparing"),
  carrier: text("carrier"),
  trackingNumber: text("tracking_number"),
  shippedAt: integer("shipped_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

/** Every edit of a placed order (staff, or the shopper within the owner's window): who, when, before → after. */
export const orderEdits = sqliteTable(
  "order_edits",
  {
    id: integer("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    actorKind: text("actor_kind", { enum: ["staff", "customer"] }).notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    /** JSON list of { label, before, after } as the history and the customer's mail show them. */
    changes: text("changes").notNull(),
    totalBefore: integer("total_before").notNull(),
    totalAfter: integer("total_after").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_edits_order_idx").on(t.orderId, t.createdAt)],
);

/** A category's commission for one merchant, instead of the merchant's own rate. */
export const merchantCategoryCommissions = sqliteTable(
  "merchant_category_commissions",
  {
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    commissionBp: integer("commission_bp").notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.categoryId] })],
);

/**
 * A merchant's monthly statement once staff paid it: the figures as paid (the statement of an unpaid month
 * is computed from the orders), the date and the bank reference. One per merchant and month.
 */
export const merchantPayouts = sqliteTable(
  "merchant_payouts",
  {
    id: integer("id").primaryKey(),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    /** Asia/Tokyo month, "2026-11". */
    month: text("month").notNull(),
    sales: integer("sales").notNull(),
    refunds: integer("refunds").notNull(),
    commission: integer("commission").notNull(),
    shipping: integer("shipping").notNull(),
    payable: integer("payable").notNull(),
    paidOn: text("paid_on").notNull(),
    reference: text("reference").notNull().default(""),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedByName: text("recorded_by_name").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("merchant_payouts_month_idx").on(t.merchantId, t.month)],
);

/**
 * A merchant's product change waiting for staff (issue 38 item 7, decision 0066): with the owner's setting
 * `merchantProductApproval` on, a merchant's save (editor, new product, CSV import) lands here instead of on
 * the product. `payload` is the editor's validated ProductForm (JSON) that approval saves through the
 * editor's own statements; `before` the product's form when the merchant saved (null when this submission
 * created the product). kind "new": the product was never on sale, and approval puts it on sale. At most one
 * pending submission per product (the partial unique index); a new save withdraws the pending one in its batch.
 */
export const productSubmissions = sqliteTable(
  "product_submissions",
  {
    id: integer("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    merchantId: integer("merchant_id")
      .notNull()
      .references(() => merchants.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["new", "edit"] }).notNull(),
    /** 承認待ち → 公開 (approved) / 差戻し (returned) / 取り下げ (withdrawn: by the merchant, or replaced by a newer save). */
    status: text("status", { enum: ["pending", "approved", "returned", "withdrawn"] })
      .notNull()
      .default("pending"),
    /** Where the merchant saved it. */
    source: text("source", { enum: ["editor", "csv"] })
      .notNull()
      .default("editor"),
    payload: text("payload").notNull(),
    before: text("before"),
    submittedBy: integer("submitted_by").references(() => users.id, { onDelete: "set null" }),
    submittedByName: text("submitted_by_name").notNull(),
    submittedAt: createdAt(),
    /** Required for 差戻し; shown to the merchant and mailed. */
    staffComment: text("staff_comment").notNull().default(""),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedByName: text("decided_by_name").notNull().default(""),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("product_submissions_pending_idx")
      .on(t.productId)
      .where(sql`${t.status} = 'pending'`),
    index("product_submissions_status_idx").on(t.status, t.submittedAt),
    index("product_submissions_product_idx").on(t.productId, t.id),
  ],
);
