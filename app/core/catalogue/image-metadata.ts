/**
 * Strips the metadata a photo carries about where and how it was taken (EXIF with GPS, XMP, IPTC,
 * comments, maker notes) from uploaded images, by their bytes: the server does this for every upload, not
 * only when the browser re-encodes (compresses) it. Pixels and colour (ICC profile, Adobe colour transform)
 * are kept byte for byte. A JPEG's EXIF orientation is kept as a minimal EXIF block of that one tag, so a
 * portrait phone photo is still shown upright. Pure: no I/O.
 *
 * JPEG: segments before and between scans are filtered; everything after the image's end (EOI), such as
 * the extra images of a multi-picture file with their own EXIF, is dropped. PNG: eXIf and text chunks go.
 * WebP: EXIF and XMP chunks go and the VP8X flags say so. GIF carries no EXIF and is kept as it is.
 * Answers null when the bytes are not a well-formed file of that kind (the upload is refused).
 */
import type { ImageKind } from "./images";

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32be = (b: Uint8Array, i: number) => (((b[i] ?? 0) << 24) | ((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0)) >>> 0;
const u32le = (b: Uint8Array, i: number) => ((b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16) | ((b[i + 3] ?? 0) << 24)) >>> 0;
const ascii = (b: Uint8Array, start: number, length: number) => String.fromCharCode(...b.subarray(start, start + length));

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function stripImageMetadata(bytes: Uint8Array, kind: ImageKind): Uint8Array | null {
  if (kind === "jpg") return stripJpeg(bytes);
  if (kind === "png") return stripPng(bytes);
  if (kind === "webp") return stripWebp(bytes);
  return bytes;
}

// ─── JPEG ──────────────────────────────────────────────────────────────────────────────────

const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;

/** Segments kept: everything that is not APPn or COM, plus JFIF (APP0), ICC profiles (APP2) and Adobe (APP14). */
function keepSegment(marker: number, segment: Uint8Array): boolean {
  if (marker === 0xfe) return false; // COM
  if (marker < 0xe0 || marker > 0xef) return true;
  if (marker === APP0 || marker === APP14) return true;
  return marker === APP2 && ascii(segment, 4, 12) === "ICC_PROFILE\0";
}

/** The EXIF orientation (1–8) in an APP1 segment, or null. */
export function exifOrientation(segment: Uint8Array): number | null {
  if (ascii(segment, 4, 6) !== "Exif\0\0") return null;
  const tiff = 10;
  const little = ascii(segment, tiff, 2) === "II";
  const read16 = (i: number) => (little ? (segment[i] ?? 0) | ((segment[i + 1] ?? 0) << 8) : u16be(segment, i));
  const read32 = (i: number) => (little ? u32le(segment, i) : u32be(segment, i));
  const ifd = tiff + read32(tiff + 4);
  const entries = read16(ifd);
  for (let n = 0; n < entries; n++) {
    const entry = ifd + 2 + n * 12;
    if (entry + 12 > segment.length) return null;
    if (read16(entry) === 0x0112) {
      const value = read16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment holding only the orientation tag (big-endian TIFF, one IFD0 entry). */
export function orientationSegment(orientation: number): Uint8Array {
  return new Uint8Array([
    0xff,
    APP1,
    0x00,
    0x22, // marker, length 34
    0x45,
    0x78,
    0x69,
    0x66,
    0x00,
    0x00, // "Exif\0\0"
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // "MM", 42, IFD0 at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00, // Orientation, SHORT, 1
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ]);
}

/** After a scan header: the entropy-coded data runs until a marker that is not stuffing (FF00) or a restart. */
function endOfScanData(b: Uint8Array, start: number): number {
  for (let i = start; i + 1 < b.length; i++) {
    if (b[i] !== 0xff) continue;
    const next = b[i + 1] ?? 0;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue;
    return i;
  }
  return b.length;
}

function stripJpeg(b: Uint8Array): Uint8Array | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  const kept: Uint8Array[] = [b.subarray(0, 2)];
  let orientation: number | null = null;
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === EOI) {
      kept.push(b.subarray(i, i + 2));
      break; // anything after the image's end (extra images, trailers) is dropped
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(b.subarray(i, i + 2));
      i += 2;
      continue;
    }
    const end = i + 2 + u16be(b, i + 2);
    if (end > b.length || end < i + 4) return null;
    const segment = b.subarray(i, end);
    if (marker === APP1) orientation ??= exifOrientation(segment);
    if (keepSegment(marker, segment)) kept.push(segment);
    i = end;
    if (marker === SOS) {
      const dataEnd = endOfScanData(b, i);
      kept.push(b.subarray(i, dataEnd));
      i = dataEnd;
    }
  }
  if (orientation != null && orientation !== 1) {
    const afterJfif = kept[1] && kept[1][1] === APP0 ? 2 : 1;
    kept.splice(afterJfif, 0, orientationSegment(orientation));
  }
  return concatBytes(kept);
}

// ─── PNG ───────────────────────────────────────────────────────────────────────────────────

const PNG_METADATA_CHUNKS = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);

function stripPng(b: Uint8Array): Uint8Array | null {
  const kept: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= b.length) {
    const end = i + 12 + u32be(b, i);
    if (end > b.length) return null;
    const type = ascii(b, i + 4, 4);
    if (!PNG_METADATA_CHUNKS.has(type)) kept.push(b.subarray(i, end));
    i = end;
    if (type === "IEND") return concatBytes(kept);
  }
  return null;
}

// ─── WebP ──────────────────────────────────────────────────────────────────────────────────

const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

function stripWebp(b: Uint8Array): Uint8Array | null {
  const riffEnd = Math.min(b.length, 8 + u32le(b, 4));
  const kept: Uint8Array[] = [];
  let changed = false;
  let i = 12;
  while (i + 8 <= riffEnd) {
    const size = u32le(b, i + 4);
    const end = i + 8 + size + (size % 2);
    const type = ascii(b, i, 4);
    // A cut-off last chunk is kept as it is (the decoder decides), unless it is metadata.
    if (i + 8 + size > riffEnd && (type === "EXIF" || type === "XMP ")) return null;
    if (type === "VP8X") {
      const chunk = b.slice(i, Math.min(end, riffEnd));
      const flags = chunk[8] ?? 0;
      chunk[8] = flags & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
      changed ||= chunk[8] !== flags;
      kept.push(chunk);
    } else if (type === "EXIF" || type === "XMP ") {
      changed = true;
    } else {
      kept.push(b.subarray(i, Math.min(end, riffEnd)));
    }
    i = end;
  }
  if (!changed) return b;
  const body = concatBytes(kept);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 4));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  header.set(b.subarray(8, 12), 8);
  return concatBytes([header, body]);
}
