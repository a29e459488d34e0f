/**
 * The rows of a loaded cart, priced with the product engine: what the cart engine needs of each row
 * (CartLineInput) and what the cart page, the checkout and the /api/cart answer show of it (CartLineView).
 * Private (secret-link) products are priced like any other, but a row of one can be bought only while the
 * shopper holds the link's grant: the secret stored with the row when it was added, or the session's.
 */
import { privateLinkPath } from "~/core/catalogue/product-status";
import { secretMatches } from "~/auth/secrets.server";
import type { CartLineInput } from "~/core/cart/cart";
import type { cartLines } from "~/db/schema";
import { priceSelection, type ShapedProduct } from "../catalogue/product-pricing.server";
import { productPath } from "~/core/catalogue/products";

/** A private product's link opened by the visitor, with the link's secret: their grant to buy it (kept in the session). */
export interface PrivateGrant {
  productId: number;
  secret: string;
}

/** Display details of a row beside what the engine needs. */
export interface CartLineView {
  lineId: number;
  productId: number;
  variationId: number | null;
  /** Variable choice sku, and whether that choice keeps its own stock. */
  choiceSku: string | null;
  choiceHasOwnStock: boolean;
  /** The variation's sku when there is one, else the product's. */
  sku: string;
  title: string;
  /** The product page (a private product's: its secret link, for the grant holder only). */
  url: string | null;
  picture: string | null;
  choiceLabel: string;
  optionsLabel: string;
  variation: { id: number; sku: string; title: string; vTitle: string } | null;
  choice: { sku: string; group: string; title: string } | null;
  options: { optionId: number; option: string; choiceId: number; title: string; fee: number }[];
  /** Stock of the item, before what the cart holds. */
  stock: number;
  /** Requested shipping day (yyyy-mm-dd), or null. */
  shippingDay: string | null;
  /** The product the row is of (spec §3 cart line `origin`). */
  origin: {
    sku: string;
    status: "published" | "draft" | "archived";
    isPrivate: boolean;
    /** The private link's secret, only to a shopper who holds its grant. */
    secret: string | null;
    categories: { slug: string; name: string }[];
    preorderLimit: number;
    coldshipping: "none" | "optional" | "required";
    couponDisabled: boolean;
    /** Codes of coupons that exclude this product. */
    couponsExcluded: string[];
    disableWrapping: boolean;
  };
}

export interface CartLineSources {
  lines: (typeof cartLines.$inferSelect)[];
  products: Map<number, ShapedProduct>;
  media: { productId: number; url: string }[];
  categories: { productId: number; slug: string; name: string }[];
  /** Private links opened in this session (see CartSessionState.privateGrants). */
  privateGrants: PrivateGrant[];
}

/** The stored option choice ids ("3,7") as numbers. */
export function parseOptionKey(key: string): number[] {
  return key ? key.split(",").map(Number).filter(Number.isInteger) : [];
}

/** Whether the shopper holds the grant of a private product's link for this row. */
export function holdsPrivateGrant(product: Pick<ShapedProduct["product"], "id" | "secret">, rowGrant: string | null, sessionGrants: PrivateGrant[]): boolean {
  const sessionGrant = sessionGrants.find((grant) => grant.productId === product.id)?.secret;
  return secretMatches(product.secret, rowGrant ?? "") || secretMatches(product.secret, sessionGrant ?? "");
}

/** A stored row priced now, and whether the shopper holds its private link's grant. */
interface PricedRow {
  line: typeof cartLines.$inferSelect;
  shaped: ShapedProduct;
  priced: ReturnType<typeof priceSelection>;
  granted: boolean;
}

/** How many of the row's item other rows hold (e.g. with and without gift options): they share its stock. */
function sameItemElsewhere(lines: CartLineSources["lines"], line: PricedRow["line"]): number {
  return lines
    .filter(
      (other) => other.id !== line.id && other.productId === line.productId && other.variationId === line.variationId && other.choiceSku === line.choiceSku,
    )
    .reduce((sum, other) => sum + other.quantity, 0);
}

/** What the cart engine needs of the row. */
function lineInput({ line, shaped, priced, granted }: PricedRow, elsewhere: number): CartLineInput {
  const { price, selection } = priced;
  const product = shaped.product;
  return {
    id: line.id,
    productId: product.id,
    sku: product.sku,
    title: product.title,
    taxRate: product.taxRate,
    unitPrice: price.selling_price,
    regularUnitPrice: price.regular_price,
    quantity: line.quantity,
    inventory: Math.max(0, price.inventory - elsewhere),
    inventoryPreorderMax: Math.max(0, price.inventory_preorder_max - elsewhere),
    state: price.state,
    status: selection.variation && selection.variation.status !== "published" ? selection.variation.status : product.status,
    isPreorder: line.isPreorder,
    subscribe: line.subscribe,
    maxSubscription: selection.variation?.maxSubscription ?? null,
    shippingFrom: product.shippingFrom,
    merchantId: product.merchantId,
    coldshipping: product.coldshipping,
    isDigital: product.isDigital,
    disableWrapping: product.disableWrapping,
    wrapping: line.wrapping,
    couponDisabled: product.couponDisabled,
    needsPrivateGrant: product.isPrivate && !granted,
    sellerSuspended: shaped.pricing.sellerSuspended === true,
  };
}

/** The product page of the row (a private product's: its secret link, for the grant holder only). */
function lineUrl({ shaped, granted }: PricedRow): string | null {
  const product = shaped.product;
  if (!product.isPrivate) return productPath({ categorySlug: shaped.head.categorySlug, sku: product.sku });
  return granted && product.secret ? privateLinkPath(product.sku, product.secret) : null;
}

/** What the cart page, the checkout and /api/cart show of the row. */
function lineView(row: PricedRow, sources: Pick<CartLineSources, "media" | "categories">): CartLineView {
  const { line, shaped, priced, granted } = row;
  const { price, selection } = priced;
  const product = shaped.product;
  const { variation, choice } = selection;
  const options = selection.optionChoices.map(({ optionId, choice: picked }) => ({
    optionId,
    option: shaped.options.find((o) => o.id === optionId)?.title ?? "",
    choiceId: picked.id,
    title: picked.title,
    fee: picked.fee,
  }));
  return {
    lineId: line.id,
    productId: product.id,
    variationId: variation?.id ?? null,
    choiceSku: choice?.sku ?? null,
    choiceHasOwnStock: choice?.inventory != null,
    sku: variation?.sku ?? product.sku,
    title: product.title,
    url: lineUrl(row),
    picture: sources.media.find((item) => item.productId === product.id)?.url ?? null,
    choiceLabel: [variation ? `${variation.vTitle}：${variation.title}` : null, choice ? `${choice.groupTitle}：${choice.title}` : null]
      .filter(Boolean)
      .join(" / "),
    optionsLabel: options.map((option) => `${option.option}：${option.title}`).join(" / "),
    variation: variation ? { id: variation.id, sku: variation.sku, title: variation.title, vTitle: variation.vTitle } : null,
    choice: choice ? { sku: choice.sku, group: choice.groupTitle, title: choice.title } : null,
    options,
    stock: price.inventory,
    shippingDay: line.shippingDay,
    origin: {
      sku: product.sku,
      status: product.status,
      isPrivate: product.isPrivate,
      secret: granted ? product.secret : null,
      categories: sources.categories.filter((category) => category.productId === product.id).map(({ slug, name }) => ({ slug, name })),
      preorderLimit: product.preorderLimit,
      coldshipping: product.coldshipping,
      couponDisabled: product.couponDisabled,
      couponsExcluded: shaped.excludedCouponCodes,
      disableWrapping: product.disableWrapping,
    },
  };
}

export function priceCartLines(sources: CartLineSources, now: Date): { inputs: CartLineInput[]; views: CartLineView[] } {
  const inputs: CartLineInput[] = [];
  const views: CartLineView[] = [];
  for (const line of sources.lines) {
    const shaped = sources.products.get(line.productId);
    if (!shaped) continue;
    const priced = priceSelection(
      shaped,
      {
        variationId: line.variationId,
        choiceSku: line.choiceSku,
        optionChoiceIds: parseOptionKey(line.optionChoiceIds),
        quantity: line.quantity,
        subscribe: line.subscribe != null,
      },
      now,
      { countCart: false },
    );
    const granted = shaped.product.isPrivate && holdsPrivateGrant(shaped.product, line.privateGrant, sources.privateGrants);
    const row: PricedRow = { line, shaped, priced, granted };
    inputs.push(lineInput(row, sameItemElsewhere(sources.lines, line)));
    views.push(lineView(row, sources));
  }
  return { inputs, views };
}
