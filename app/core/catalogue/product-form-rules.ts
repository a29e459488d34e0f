/**
 * The product editor's rules across fields (issue 17), pure: each broken rule is one issue at the field a
 * person fixes it in. app/core/catalogue/product-form.ts runs them once every field reads.
 *
 * "Tiers increasing": a subscription tier is the unit price from its quantity up (pricing.ts
 * `subscriptionTier`), so as the quantity grows the unit price stays the same or falls — buying more never
 * costs more per item. Each quantity has at most one tier.
 */
import { PRODUCT_FORM_MESSAGES as M } from "./product-form-messages";

/** The parts of a read product the rules look at. */
export interface ProductRuleFacts {
  sku: string;
  type: "simple" | "set" | "variation";
  /** The product's own stock: a variation product has none (its stock is its variations'). */
  inventory: number;
  inventoryPreorderMax: number;
  regularPrice: number;
  discountPrice: number | null;
  originalPrice: number | null;
  shippingFrom: "warehouse" | "merchant";
  merchantId: number | null;
  coldshipping: "none" | "optional" | "required";
  isDigital: boolean;
  subscribe: boolean;
  subscribeOnly: boolean;
  subscriptionPrices: readonly { quantity: number; unitPriceExclTax: number }[];
  couponDisabled: boolean;
  excludedCouponCodes: readonly string[];
  deliveryIcon: string | null;
  deliveryIconText: string | null;
  variations: readonly {
    sku: string;
    type: "normal" | "variable";
    regularPrice: number | null;
    discountPrice: number | null;
    choices: readonly { sku: string; priceDiff: number }[];
  }[];
  options: readonly { choices: readonly unknown[] }[];
}

export interface ProductFormIssue {
  path: (string | number)[];
  message: string;
}

export function productFormIssues(product: ProductRuleFacts): ProductFormIssue[] {
  return [
    ...priceIssues(product),
    ...shippingIssues(product),
    ...subscriptionIssues(product),
    ...variationIssues(product),
    ...skuIssues(product),
    ...otherIssues(product),
  ];
}

function priceIssues(product: ProductRuleFacts): ProductFormIssue[] {
  const issues: ProductFormIssue[] = [];
  if (product.discountPrice !== null && product.discountPrice >= product.regularPrice)
    issues.push({ path: ["discountPrice"], message: M.discountNotBelowRegular });
  if (product.originalPrice !== null && product.originalPrice < product.regularPrice) issues.push({ path: ["originalPrice"], message: M.originalBelowRegular });
  return issues;
}

function shippingIssues(product: ProductRuleFacts): ProductFormIssue[] {
  const issues: ProductFormIssue[] = [];
  if (product.shippingFrom === "merchant" && product.merchantId === null) issues.push({ path: ["merchantId"], message: M.merchantRequired });
  if (product.isDigital && product.coldshipping !== "none") issues.push({ path: ["coldshipping"], message: M.digitalCold });
  return issues;
}

function subscriptionIssues(product: ProductRuleFacts): ProductFormIssue[] {
  const issues: ProductFormIssue[] = [];
  if (product.subscribeOnly && !product.subscribe) issues.push({ path: ["subscribeOnly"], message: M.subscribeOnlyWithoutSubscribe });
  const tiers = product.subscriptionPrices;
  const seen = new Set<number>();
  tiers.forEach((tier, index) => {
    if (seen.has(tier.quantity)) issues.push({ path: ["subscriptionPrices", index, "quantity"], message: M.tierDuplicate });
    seen.add(tier.quantity);
  });
  // Compare each tier with every tier of a smaller quantity: rows may be typed in any order.
  tiers.forEach((tier, index) => {
    const dearer = tiers.some((other) => other.quantity < tier.quantity && other.unitPriceExclTax < tier.unitPriceExclTax);
    if (dearer) issues.push({ path: ["subscriptionPrices", index, "unitPriceExclTax"], message: M.tierIncreasing });
  });
  return issues;
}

function variationIssues(product: ProductRuleFacts): ProductFormIssue[] {
  const issues: ProductFormIssue[] = [];
  if (product.type === "variation" && product.variations.length === 0) issues.push({ path: ["variations"], message: M.variationsRequired });
  if (product.type !== "variation" && product.variations.length > 0) issues.push({ path: ["variations"], message: M.variationsNotAllowed });
  // A variation product's stock is the sum of its variations' (what listings read): a stock of its own would contradict them.
  if (product.type === "variation") {
    if (product.inventory > 0) issues.push({ path: ["inventory"], message: M.variationProductStock });
    if (product.inventoryPreorderMax > 0) issues.push({ path: ["inventoryPreorderMax"], message: M.variationProductStock });
  }
  product.variations.forEach((variation, index) => {
    const regular = variation.regularPrice ?? product.regularPrice;
    if (variation.discountPrice !== null && variation.discountPrice >= regular) {
      issues.push({ path: ["variations", index, "discountPrice"], message: M.variationDiscountNotBelowRegular });
    }
    if (variation.type === "variable" && variation.choices.length === 0) issues.push({ path: ["variations", index, "choices"], message: M.choicesRequired });
    if (variation.type === "normal" && variation.choices.length > 0) issues.push({ path: ["variations", index, "choices"], message: M.choicesNotAllowed });
    // The lowest price a shopper can pay for a choice: the variation's sale (else regular) price plus its difference.
    const cheapest = variation.discountPrice ?? (variation.regularPrice === null ? (product.discountPrice ?? regular) : regular);
    variation.choices.forEach((choice, choiceIndex) => {
      if (cheapest + choice.priceDiff < 1) issues.push({ path: ["variations", index, "choices", choiceIndex, "priceDiff"], message: M.choicePriceNotPositive });
    });
  });
  product.options.forEach((option, index) => {
    if (option.choices.length === 0) issues.push({ path: ["options", index, "choices"], message: M.optionChoicesRequired });
  });
  return issues;
}

/** Every SKU of the form (product, variations, choices) is used once; each repeat is marked where it is. */
function skuIssues(product: ProductRuleFacts): ProductFormIssue[] {
  const issues: ProductFormIssue[] = [];
  const seen = new Set<string>([product.sku]);
  const mark = (sku: string, path: (string | number)[]) => {
    if (seen.has(sku)) issues.push({ path, message: M.skuDuplicate });
    seen.add(sku);
  };
  product.variations.forEach((variation, index) => {
    mark(variation.sku, ["variations", index, "sku"]);
    variation.choices.forEach((choice, choiceIndex) => mark(choice.sku, ["variations", index, "choices", choiceIndex, "sku"]));
  });
  return issues;
}

function otherIssues(product: ProductRuleFacts): ProductFormIssue[] {
  const issues: ProductFormIssue[] = [];
  if (product.couponDisabled && product.excludedCouponCodes.length > 0) issues.push({ path: ["excludedCouponCodes"], message: M.excludedWhileDisabled });
  if (product.deliveryIcon !== null && !product.deliveryIconText) issues.push({ path: ["deliveryIconText"], message: M.deliveryIconTextRequired });
  return issues;
}
