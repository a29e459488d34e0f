/**
 * Image rules shared by the upload endpoint and the image widget (spec §3 Image upload item, §4, §5):
 * what counts as an image (by its bytes, never its name), its pixel size from the header, the widget's
 * limit and add-box rules, the compression size and the upload percentage. Pure: no I/O.
 */
import { MEDIA_MAX_BYTES, IMAGE_WIDGET_FIELD_NAME, IMAGE_WIDGET_LIMIT, IMAGE_WIDGET_MAX_WIDTH, IMAGE_WIDGET_QUALITY } from "~/core/limits";
import { TOO_MANY_PIXELS_TEXT } from "~/core/catalogue/image-pixels";

/** What the upload endpoint answers when it refuses a file (shown by the widget and the forms). */
export const MEDIA_TEXT = {
  noFile: "画像ファイルを選択してください。",
  notImage: "画像ファイル（JPEG・PNG・WebP・GIF）を選択してください。",
  tooLarge: `画像のサイズが大きすぎます（${Math.floor(MEDIA_MAX_BYTES / 1024 / 1024)}MBまで）。`,
  tooManyPixels: TOO_MANY_PIXELS_TEXT,
  oneFileOnly: "画像は1回に1枚ずつアップロードしてください。",
  pendingLimit: "送信前の画像が多すぎます。メッセージを送信してから追加してください。",
  notFound: "画像が見つかりません。",
} as const;

export type ImageKind = "jpg" | "png" | "webp" | "gif";

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type the bytes begin with (JPEG, PNG, WebP or GIF), or null for anything else. */
export function detectImageType(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

export interface PixelSize {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => (((b[i] ?? 0) << 24) | ((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0)) >>> 0;

function jpegSize(b: Uint8Array): PixelSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // Start-of-frame markers (baseline, progressive, …), not DHT (C4), JPG (C8) or DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): PixelSize | null {
  const chunk = String.fromCharCode(...b.slice(12, 16));
  if (chunk === "VP8X" && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === "VP8 " && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === "VP8L" && b.length >= 25) {
    const bits = ((b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24)) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** Width and height from the image header, or null when the header does not say (truncated, odd file). */
export function imageDimensions(bytes: Uint8Array): PixelSize | null {
  const kind = detectImageType(bytes);
  let size: PixelSize | null = null;
  if (kind === "png" && bytes.length >= 24) size = { width: u32be(bytes, 16), height: u32be(bytes, 20) };
  else if (kind === "gif" && bytes.length >= 10) size = { width: u16le(bytes, 6), height: u16le(bytes, 8) };
  else if (kind === "jpg") size = jpegSize(bytes);
  else if (kind === "webp") size = webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

// ─── The image widget (§3 widget options, §4, §5) ──────────────────────────────────────────

export interface ImageWidgetOptions {
  title: string;
  limit: number;
  limitPrompt: string;
  capture: boolean;
  enableCompress: boolean;
  maxWidth: number;
  quality: number;
  url: string;
  headers: Record<string, string | null>;
  withCredentials: boolean;
  params: Record<string, string>;
  name: string;
  autoUpload: boolean;
  multiple: boolean;
  readonly: boolean;
}

export const IMAGE_WIDGET_DEFAULTS: ImageWidgetOptions = {
  title: "画像",
  limit: IMAGE_WIDGET_LIMIT,
  limitPrompt: `画像は${IMAGE_WIDGET_LIMIT}枚まで追加できます`,
  capture: false,
  enableCompress: true,
  maxWidth: IMAGE_WIDGET_MAX_WIDTH,
  quality: IMAGE_WIDGET_QUALITY,
  url: "",
  headers: {},
  withCredentials: false,
  params: {},
  name: IMAGE_WIDGET_FIELD_NAME,
  autoUpload: true,
  multiple: false,
  readonly: false,
};

/** The prompt shown when too many images are picked. */
export function limitPromptFor(limit: number): string {
  return `画像は${limit}枚まで追加できます`;
}

/** §5: picking more than the remaining room adds nothing (and shows the limit prompt). */
export function canAddImages(current: number, picked: number, limit: number): boolean {
  return current + picked <= limit;
}

/** §5: the add box hides at the limit and when the widget is read-only. */
export function showAddBox(current: number, limit: number, readonly: boolean): boolean {
  return !readonly && current < limit;
}

/** §4: the loaded bytes over the total, in percent, rounded up (0 while nothing is known). */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(100, Math.ceil((loaded / total) * 100));
}

/** §4: only HTTP 200 is a successful upload. */
export function uploadSucceeded(status: number): boolean {
  return status === 200;
}

export interface CompressionPlan {
  width: number;
  height: number;
  type: "image/jpeg" | "image/webp";
  quality: number;
}

/**
 * §5: scale to the smaller of maxWidth and the natural width (height keeps the ratio, at least 1 px),
 * re-encoded at `quality`. GIFs (maybe animated) and disabled compression upload as picked: null.
 */
export function compressionPlan(
  image: { type: string; width: number; height: number },
  options: { enableCompress: boolean; maxWidth: number; quality: number },
): CompressionPlan | null {
  if (!options.enableCompress || image.type === "image/gif") return null;
  if (!(image.width > 0) || !(image.height > 0)) return null;
  const width = Math.max(1, Math.min(Math.floor(options.maxWidth), image.width));
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  const quality = Math.min(1, Math.max(0, options.quality));
  return { width, height, type: image.type === "image/webp" ? "image/webp" : "image/jpeg", quality };
}

/** Keep the original when re-encoding at the same size made it no smaller. */
export function keepCompressed(original: { size: number; width: number }, compressed: { size: number; width: number }): boolean {
  return compressed.width < original.width || compressed.size < original.size;
}

/** An image picker's `accept`: images only (§3, §5); compression turns other image types into JPEG. */
export const IMAGE_ACCEPT = "image/*";

/** Whether a picked file says it is an image at all (the server still checks the bytes). */
export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith("image/");
}
