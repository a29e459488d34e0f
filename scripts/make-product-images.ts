/**
 * Draws the demo product pictures: one small flat SVG per product (and per variation with its own
 * picture) in public/images/products/{sku-lowercase}.svg. Deterministic, so re-running changes nothing.
 * Run: node --import tsx scripts/make-product-images.ts
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { type CategorySlug, PRODUCTS, productBySku, productImagePath, topCategoryOf, VARIATION_SWATCHES, VARIATIONS } from "../app/services/seed/catalogue";

const PUBLIC_DIR = path.resolve(import.meta.dirname, "../public");
const FONT = "Hiragino Sans, Noto Sans CJK JP, sans-serif";

interface Palette {
  background: string;
  ink: string;
  shape: string;
}

/** A soft background, a text colour and a flat illustration per top category. */
const STYLES: Record<string, Palette> = {
  food: {
    background: "#fdf3e1",
    ink: "#7a3b1d",
    // A bowl of rice.
    shape:
      '<ellipse cx="300" cy="250" rx="130" ry="55" fill="#fff"/><path d="M160 250h280c0 90-60 140-140 140s-140-50-140-140z" fill="#c8553d"/><rect x="255" y="385" width="90" height="18" rx="6" fill="#a4432f"/>',
  },
  drink: {
    background: "#e8f3e4",
    ink: "#3d5a2a",
    // A teacup with steam.
    shape:
      '<path d="M270 140c-20-25 20-35 0-60M330 140c-20-25 20-35 0-60" stroke="#6a8f4e" stroke-width="10" fill="none" stroke-linecap="round"/><path d="M200 170h200l-20 220H220z" fill="#6a8f4e"/><ellipse cx="300" cy="170" rx="100" ry="22" fill="#b9d48f"/>',
  },
  sweets: {
    background: "#fbe9ef",
    ink: "#8a3654",
    // Three-colour dango on a skewer.
    shape:
      '<rect x="294" y="110" width="12" height="310" rx="6" fill="#a97c50"/><circle cx="300" cy="170" r="50" fill="#f4a7b9"/><circle cx="300" cy="262" r="50" fill="#fff"/><circle cx="300" cy="354" r="50" fill="#9cc47a"/>',
  },
  kitchen: {
    background: "#e9eef5",
    ink: "#2f4a6e",
    // A plate with chopsticks.
    shape:
      '<circle cx="270" cy="270" r="130" fill="#fff"/><circle cx="270" cy="270" r="90" fill="none" stroke="#4a6fa5" stroke-width="10"/><path d="M430 130l-20 280M462 130l-12 280" stroke="#7a4b2a" stroke-width="12" stroke-linecap="round"/>',
  },
  beauty: {
    background: "#f6eaf5",
    ink: "#74385f",
    // A lotion bottle.
    shape:
      '<rect x="260" y="120" width="80" height="45" rx="8" fill="#8e4b76"/><rect x="272" y="160" width="56" height="45" fill="#e6b8d4"/><rect x="230" y="200" width="140" height="200" rx="24" fill="#c77dab"/><rect x="255" y="260" width="90" height="70" rx="8" fill="#fff" opacity=".8"/>',
  },
  health: {
    background: "#e6f4f1",
    ink: "#245e50",
    // A leaf.
    shape: '<path d="M300 130c120 40 140 180 0 270c-140-90-120-230 0-270z" fill="#4fa38d"/><path d="M300 160v230" stroke="#e6f4f1" stroke-width="8"/>',
  },
  living: {
    background: "#f1ede6",
    ink: "#5b4630",
    // A house.
    shape:
      '<path d="M170 270l130-120 130 120v130H170z" fill="#b08d67"/><rect x="275" y="320" width="50" height="80" fill="#f1ede6"/><rect x="200" y="290" width="45" height="40" fill="#f1ede6"/>',
  },
  gift: {
    background: "#fdeaea",
    ink: "#8f2620",
    // A wrapped box with a bow.
    shape:
      '<rect x="180" y="220" width="240" height="180" rx="6" fill="#d9534f"/><rect x="165" y="190" width="270" height="50" rx="6" fill="#e57373"/><rect x="285" y="190" width="30" height="210" fill="#ffd54f"/><path d="M300 190c-40-60-90-30-60 0zM300 190c40-60 90-30 60 0z" fill="#ffd54f"/>',
  },
};

function apron(colour: string): string {
  return `<path d="M245 140h110v70l65 25v175H180V235l65-25z" fill="${colour}" stroke="#00000022" stroke-width="4"/><rect x="250" y="290" width="100" height="60" rx="6" fill="#ffffff33"/>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function svg(palette: Palette, shape: string, label: string): string {
  const size = Math.min(56, Math.floor(520 / [...label].length));
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">' +
    `<rect width="600" height="600" fill="${palette.background}"/>${shape}` +
    `<text x="300" y="510" font-family="${FONT}" font-size="${size}" font-weight="700" fill="${palette.ink}" text-anchor="middle">${escapeXml(label)}</text>` +
    "</svg>\n"
  );
}

function paletteOf(slug: CategorySlug): Palette {
  const palette = STYLES[topCategoryOf(slug).slug];
  if (!palette) throw new Error(`No picture style for category ${slug}`);
  return palette;
}

const pictures = [
  ...PRODUCTS.map((product) => {
    const palette = paletteOf(product.category);
    return { url: productImagePath(product.sku), content: svg(palette, palette.shape, product.label) };
  }),
  ...VARIATIONS.map((variation) => {
    const product = productBySku("DEMO-VARIATION");
    const colour = VARIATION_SWATCHES[variation.sku] ?? "#888";
    return {
      url: productImagePath(variation.sku),
      content: svg(paletteOf(product.category), apron(colour), `${product.label} ${variation.title}`),
    };
  }),
];

await mkdir(path.join(PUBLIC_DIR, "images/products"), { recursive: true });
for (const picture of pictures) await writeFile(path.join(PUBLIC_DIR, picture.url), picture.content);
const largest = Math.max(...pictures.map((picture) => Buffer.byteLength(picture.content)));
console.log(`Wrote ${pictures.length} pictures to public/images/products (largest ${largest} bytes).`);
