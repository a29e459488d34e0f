/** Small test images built from bytes (no image tools needed): a real PNG of any size, and headers of the others. */
import { crc32, deflateSync } from "node:zlib";
import { encodePng } from "~/services/seed/png";

/** A PNG of `width`×`height` with a colour gradient (a photo-like picture that compresses like one). */
export function gradientPngBytes(width: number, height: number, seed = 0): Uint8Array {
  return encodePng(width, height, (x, y) => [(x + seed) % 256, (y * 3 + seed) % 256, (x + y + seed * 7) % 256]);
}

/** The same picture as a JPEG, made by the platform's Images binding (miniflare's, backed by sharp). */
export async function gradientJpegBytes(images: ImagesBinding, width: number, height: number, seed = 0): Promise<Uint8Array> {
  const png = gradientPngBytes(width, height, seed);
  const result = await images.input(new Blob([png as Uint8Array<ArrayBuffer>]).stream()).output({ format: "image/jpeg", quality: 90 });
  return new Uint8Array(await result.response().arrayBuffer());
}

/** A valid RGB PNG of `width`×`height`, filled with one colour. */
export function pngBytes(width = 1, height = 1, rgb: [number, number, number] = [200, 40, 40]): Uint8Array {
  return encodePng(width, height, () => rgb);
}

/**
 * A few hundred bytes of well-formed PNG (CRCs right) whose header claims `width`×`height` 1-bit grey pixels:
 * the decompression bomb a browser would have to decode at full size (its image data stops after one row).
 */
export function pngClaimingBytes(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const firstRow = new Uint8Array(1 + Math.ceil(width / 8));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", new Uint8Array(deflateSync(firstRow))),
      chunk("IEND", new Uint8Array()),
    ]),
  );
}

/** The start of a baseline JPEG (SOI, an APP0 segment, SOF0 with the size). */
export function jpegHeader(width: number, height: number): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x00,
    0x00,
    0x01,
    0x00,
    0x01,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
    0xff,
    0xd9,
  ]);
}

/** A 1×1 GIF89a. */
export const GIF_1X1 = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (c) => c.charCodeAt(0));

/** A lossless 2×3 WebP header (VP8L). */
export function webpLosslessHeader(width: number, height: number): Uint8Array {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  return new Uint8Array([
    ...new TextEncoder().encode("RIFF"),
    0x1a,
    0,
    0,
    0,
    ...new TextEncoder().encode("WEBPVP8L"),
    0x0d,
    0,
    0,
    0,
    0x2f,
    bits & 0xff,
    (bits >> 8) & 0xff,
    (bits >> 16) & 0xff,
    (bits >>> 24) & 0xff,
    0,
    0,
    0,
    0,
  ]);
}

/** Bytes as an uploaded File (the name and type are whatever the test says, like a renamed file). */
export function fileOf(bytes: Uint8Array, name: string, type = ""): File {
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
}
