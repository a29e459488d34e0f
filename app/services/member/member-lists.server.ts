/**
 * The member's saved lists: favorites, buy-later items and restock requests, each scoped to the member
 * (another member's row is "not found"). Favorites are toggled through the product API
 * (toggleFavorite); a buy-later item goes back to the cart through the cart service (moveBackToCart).
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { pageCount } from "~/core/paginator";
import { sellingPrice } from "~/core/catalogue/pricing";
import { aliased, deleteOwnedRow, type Database } from "~/db/client.server";
import {
  buyLater,
  categories,
  favorites,
  productMedia,
  productOptionChoices,
  productOptions,
  products,
  productVariations,
  stockRequests,
  variationChoices,
} from "~/db/schema";
import { productPath } from "~/core/catalogue/products";
import { savedItemUnavailable, type SavedItemUnavailable } from "~/core/member/saved-items";
import { sellerActive } from "../catalogue/catalogue.server";

export const FAVORITES_PAGE_SIZE = 24;

const firstImage = sql<
  string | null
>`(select ${productMedia.url} from ${productMedia} where ${productMedia.productId} = ${products.id} order by ${productMedia.position} limit 1)`;

/** Products a member may still reach by id (drafts and private products are not shown). */
const reachable = and(ne(products.status, "draft"), eq(products.isPrivate, false));

export interface FavoriteItem {
  productId: number;
  sku: string;
  title: string;
  url: string;
  image: string | null;
  price: number;
  regularPrice: number;
  soldOut: boolean;
  archived: boolean;
  /** Why it cannot go into the cart now (archived, unpublished, its merchant suspended); null: it can. */
  unavailable: SavedItemUnavailable | null;
  addedAt: Date;
}

/** One page of the member's favorites, most recently added first, in one D1 round trip. */
export async function listFavorites(
  db: Database,
  userId: number,
  page: number,
): Promise<{ items: FavoriteItem[]; total: number; pages: number; page: number }> {
  const mine = and(eq(favorites.userId, userId), reachable);
  const [counted, rows] = await db.batch([
    db.select({ n: count() }).from(favorites).innerJoin(products, eq(products.id, favorites.productId)).where(mine),
    db
      .select({
        productId: products.id,
        sku: products.sku,
        title: products.title,
        categorySlug: categories.slug,
        image: firstImage,
        regularPrice: products.regularPrice,
        discountPrice: products.discountPrice,
        inventory: products.inventory,
        inventoryPreorderMax: products.inventoryPreorderMax,
        type: products.type,
        status: products.status,
        sellerActive: sql<number>`${sellerActive}`,
        addedAt: favorites.createdAt,
      })
      .from(favorites)
      .innerJoin(products, eq(products.id, favorites.productId))
      .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
      .where(mine)
      .orderBy(desc(favorites.createdAt), desc(favorites.productId))
      .limit(FAVORITES_PAGE_SIZE)
      .offset(page * FAVORITES_PAGE_SIZE),
  ]);
  const total = counted[0]?.n ?? 0;
  return {
    total,
    page,
    pages: pageCount(total, FAVORITES_PAGE_SIZE),
    items: rows.map((row) => ({
      productId: row.productId,
      sku: row.sku,
      title: row.title,
      url: productPath(row),
      image: row.image,
      price: sellingPrice(row),
      regularPrice: row.regularPrice,
      // Variation products keep stock per variation: the product page tells.
      soldOut: row.type !== "variation" && row.inventory <= 0 && row.inventoryPreorderMax <= 0,
      archived: row.status === "archived",
      unavailable: savedItemUnavailable({ status: row.status, sellerSuspended: !row.sellerActive }),
      addedAt: row.addedAt,
    })),
  };
}

export interface BuyLaterItem {
  id: number;
  productId: number;
  title: string;
  url: string;
  image: string | null;
  price: number;
  quantity: number;
  /** Variation, choice and options, e.g. 「紺 / サイズ：M / 化粧箱」. */
  label: string;
  archived: boolean;
  /** Why it cannot go back into the cart now; null: it can. */
  unavailable: SavedItemUnavailable | null;
  addedAt: Date;
}

/** The member's buy-later items, newest first, with their variation/choice/option labels, in one round trip. */
export async function listBuyLater(db: Database, userId: number): Promise<BuyLaterItem[]> {
  const [rows, options] = await db.batch([
    db
      .select({
        id: buyLater.id,
        // D1 batches key row values by column name: two "id" columns would overwrite each other.
        productId: aliased(products.id, "product_id"),
        sku: products.sku,
        title: products.title,
        categorySlug: categories.slug,
        image: firstImage,
        regularPrice: products.regularPrice,
        discountPrice: products.discountPrice,
        variationTitle: aliased(productVariations.title, "variation_title"),
        variationPrice: aliased(productVariations.regularPrice, "variation_price"),
        variationDiscount: aliased(productVariations.discountPrice, "variation_discount"),
        choiceGroup: variationChoices.groupTitle,
        choiceTitle: aliased(variationChoices.title, "choice_title"),
        optionChoiceIds: buyLater.optionChoiceIds,
        quantity: buyLater.quantity,
        status: products.status,
        sellerActive: sql<number>`${sellerActive}`,
        addedAt: buyLater.createdAt,
      })
      .from(buyLater)
      .innerJoin(products, eq(products.id, buyLater.productId))
      .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
      .leftJoin(productVariations, eq(productVariations.id, buyLater.variationId))
      .leftJoin(variationChoices, eq(variationChoices.sku, buyLater.choiceSku))
      .where(eq(buyLater.userId, userId))
      .orderBy(desc(buyLater.createdAt), desc(buyLater.id)),
    db
      .select({ id: productOptionChoices.id, title: productOptionChoices.title })
      .from(productOptionChoices)
      .innerJoin(productOptions, eq(productOptions.id, productOptionChoices.optionId))
      .where(inArray(productOptions.productId, db.select({ id: buyLater.productId }).from(buyLater).where(eq(buyLater.userId, userId)))),
  ]);
  return rows.map((row) => {
    const optionTitles = row.optionChoiceIds
      .split(",")
      .filter(Boolean)
      .map((id) => options.find((option) => option.id === Number(id))?.title)
      .filter((title): title is string => Boolean(title));
    const label = [row.variationTitle, row.choiceTitle ? `${row.choiceGroup}：${row.choiceTitle}` : null, ...optionTitles].filter(Boolean).join(" / ");
    const priced = row.variationPrice != null ? { regularPrice: row.variationPrice, discountPrice: row.variationDiscount } : row;
    return {
      id: row.id,
      productId: row.productId,
      title: row.title,
      url: productPath(row),
      image: row.image,
      price: sellingPrice(priced),
      quantity: row.quantity,
      label,
      archived: row.status === "archived",
      unavailable: savedItemUnavailable({ status: row.status, sellerSuspended: !row.sellerActive }),
      addedAt: row.addedAt,
    };
  });
}

/** Removes one of the member's buy-later items; false when they have none such. */
export async function removeBuyLater(db: Database, userId: number, itemId: number): Promise<boolean> {
  return deleteOwnedRow(db, buyLater, itemId, userId);
}

export interface StockRequestItem {
  id: number;
  productId: number;
  title: string;
  url: string;
  image: string | null;
  variationTitle: string | null;
  requestedAt: Date;
  /** When the restock mail was written; null while waiting. */
  notifiedAt: Date | null;
}

/** The member's restock requests: waiting ones first, newest first. */
export async function listStockRequests(db: Database, userId: number): Promise<StockRequestItem[]> {
  const rows = await db
    .select({
      id: stockRequests.id,
      productId: products.id,
      sku: products.sku,
      title: products.title,
      categorySlug: categories.slug,
      image: firstImage,
      variationTitle: aliased(productVariations.title, "variation_title"),
      requestedAt: stockRequests.createdAt,
      notifiedAt: stockRequests.notifiedAt,
    })
    .from(stockRequests)
    .innerJoin(products, eq(products.id, stockRequests.productId))
    .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
    .leftJoin(productVariations, eq(productVariations.id, stockRequests.variationId))
    .where(eq(stockRequests.userId, userId))
    .orderBy(sql`${stockRequests.notifiedAt} is not null`, desc(stockRequests.createdAt), asc(stockRequests.id))
    .all();
  return rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    title: row.title,
    url: productPath(row),
    image: row.image,
    variationTitle: row.variationTitle,
    requestedAt: row.requestedAt,
    notifiedAt: row.notifiedAt,
  }));
}

/** Cancels (deletes) one of the member's restock requests; false when they have none such. */
export async function cancelStockRequest(db: Database, userId: number, requestId: number): Promise<boolean> {
  return deleteOwnedRow(db, stockRequests, requestId, userId);
}
