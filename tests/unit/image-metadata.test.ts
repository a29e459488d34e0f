import { describe, expect, it } from "vitest";
import { exifOrientation, orientationSegment, stripImageMetadata } from "~/core/catalogue/image-metadata";
import { imageDimensions } from "~/core/catalogue/images";
import { jpegHeader, pngBytes, webpLosslessHeader } from "../support/images";

const text = (value: string) => [...value].map((char) => char.charCodeAt(0));
const segment = (marker: number, payload: number[]) => [0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
const contains = (bytes: Uint8Array, needle: string) => Buffer.from(bytes).includes(Buffer.from(needle, "latin1"));

/** An EXIF APP1 (little-endian, as phones write it) with Orientation and a GPS IFD holding a latitude. */
function exifApp1(orientation: number): number[] {
  const tiff = [
    ...text("II"),
    0x2a,
    0x00,
    0x08,
    0x00,
    0x00,
    0x00, // header, IFD0 at 8
    0x02,
    0x00, // two entries
    0x12,
    0x01,
    0x03,
    0x00,
    0x01,
    0x00,
    0x00,
    0x00,
    orientation,
    0x00,
    0x00,
    0x00, // Orientation
    0x25,
    0x88,
    0x04,
    0x00,
    0x01,
    0x00,
    0x00,
    0x00,
    0x26,
    0x00,
    0x00,
    0x00, // GPSInfo IFD at 38
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
    0x01,
    0x00, // GPS IFD: one entry, GPSLatitudeRef "N"
    0x01,
    0x00,
    0x02,
    0x00,
    0x02,
    0x00,
    0x00,
    0x00,
    ...text("N"),
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    ...text("GPS 35.6812N 139.7671E Tokyo Station"),
  ];
  return segment(0xe1, [...text("Exif\0\0"), ...tiff]);
}

/** A baseline JPEG as a phone writes it: JFIF, EXIF with GPS, XMP, IPTC, a comment, ICC, a scan, and a second image after EOI. */
function phoneJpeg(orientation = 6): Uint8Array {
  const scanData = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0x78];
  const second = [0xff, 0xd8, ...exifApp1(1), 0xff, 0xd9];
  return new Uint8Array([
    0xff,
    0xd8,
    ...segment(0xe0, [...text("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...exifApp1(orientation),
    ...segment(0xe1, [...text("http://ns.adobe.com/xap/1.0/\0"), ...text("<x:xmpmeta><exif:GPSLatitude>35,40.8N</exif:GPSLatitude></x:xmpmeta>")]),
    ...segment(0xed, [...text("Photoshop 3.0\0"), ...text("8BIM city=Chiyoda")]),
    ...segment(0xfe, text("taken at home")),
    ...segment(0xe2, [...text("ICC_PROFILE\0"), 1, 1, ...text("sRGB-profile-bytes")]),
    ...segment(0xe2, [...text("MPF\0"), ...text("MM-offsets")]),
    ...segment(0xdb, [0x00, ...Array.from({ length: 64 }, (_, i) => i + 1)]),
    ...segment(0xc0, [0x08, 0x00, 0x10, 0x00, 0x20, 0x01, 0x01, 0x11, 0x00]),
    ...segment(0xda, [0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    ...scanData,
    0xff,
    0xd9,
    ...second,
  ]);
}

describe("stripping photo metadata", () => {
  it("removes EXIF (GPS), XMP, IPTC, comments and the trailing images of a JPEG; keeps pixels, ICC and orientation", () => {
    const original = phoneJpeg(6);
    expect(contains(original, "Tokyo Station")).toBe(true);
    const stripped = stripImageMetadata(original, "jpg")!;
    for (const secret of ["Tokyo Station", "GPSLatitude", "Chiyoda", "taken at home", "MPF", "xap/1.0"]) expect(contains(stripped, secret)).toBe(false);
    expect(contains(stripped, "ICC_PROFILE")).toBe(true);
    expect(contains(stripped, "JFIF")).toBe(true);
    expect(imageDimensions(stripped)).toEqual({ width: 32, height: 16 });
    // The scan's bytes (with stuffing and a restart marker) arrive unchanged, and the file ends at EOI.
    expect(contains(stripped, "\x12\xff\x00\x34\xff\xd0\x56\x78\xff\xd9")).toBe(true);
    expect([...stripped.subarray(-2)]).toEqual([0xff, 0xd9]);
    // Orientation survives as the one tag of a minimal EXIF block right after JFIF.
    const app1 = stripped.indexOf(0xe1, 20) - 1;
    expect(exifOrientation(stripped.subarray(app1, app1 + 36))).toBe(6);
    expect(Buffer.from(stripped).indexOf(Buffer.from(orientationSegment(6)))).toBe(2 + 18);
  });

  it("adds no EXIF block when the photo is upright, and is idempotent", () => {
    const stripped = stripImageMetadata(phoneJpeg(1), "jpg")!;
    expect(contains(stripped, "Exif")).toBe(false);
    expect(stripImageMetadata(stripped, "jpg")).toEqual(stripped);
    const rotated = stripImageMetadata(phoneJpeg(8), "jpg")!;
    expect(stripImageMetadata(rotated, "jpg")).toEqual(rotated);
  });

  it("keeps a JPEG without metadata as it is, and refuses a broken one", () => {
    expect(stripImageMetadata(jpegHeader(640, 480), "jpg")).toEqual(jpegHeader(640, 480));
    expect(stripImageMetadata(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 0x01]), "jpg")).toBeNull();
    expect(stripImageMetadata(new Uint8Array([0xff, 0xd8, 0x00, 0x00]), "jpg")).toBeNull();
  });

  it("removes eXIf and text chunks from a PNG and keeps the image", () => {
    const plain = pngBytes(2, 3);
    const iendAt = plain.length - 12;
    const chunk = (type: string, data: number[]) => {
      const length = [0, 0, 0, data.length];
      return [...length, ...text(type), ...data, 0, 0, 0, 0];
    };
    const tagged = new Uint8Array([
      ...plain.subarray(0, iendAt),
      ...chunk("eXIf", text("MM\0*GPS 35.68N")),
      ...chunk("tEXt", text("Location\0Tokyo")),
      ...plain.subarray(iendAt),
    ]);
    const stripped = stripImageMetadata(tagged, "png")!;
    expect(stripped).toEqual(plain);
    expect(stripImageMetadata(plain.subarray(0, 20), "png")).toBeNull();
  });

  it("removes EXIF and XMP chunks from a WebP and clears their VP8X flags", () => {
    const image = [...text("VP8L"), 5, 0, 0, 0, 0x2f, 1, 0x80, 0, 0, 0];
    const vp8x = [...text("VP8X"), 10, 0, 0, 0, 0x0c, 0, 0, 0, 1, 0, 0, 2, 0, 0];
    const exif = [...text("EXIF"), 9, 0, 0, 0, ...text("GPS 35.6N"), 0];
    const xmp = [...text("XMP "), 4, 0, 0, 0, ...text("<x/>")];
    const body = [...text("WEBP"), ...vp8x, ...image, ...exif, ...xmp];
    const file = new Uint8Array([...text("RIFF"), body.length & 0xff, body.length >> 8, 0, 0, ...body]);
    const stripped = stripImageMetadata(file, "webp")!;
    expect(contains(stripped, "GPS")).toBe(false);
    expect(contains(stripped, "XMP ")).toBe(false);
    expect(stripped[20]).toBe(0); // VP8X flags
    expect(new DataView(stripped.buffer).getUint32(4, true)).toBe(stripped.length - 8);
    expect(contains(stripped, "VP8L")).toBe(true);
    // A file cut off inside its image chunk is kept as it is.
    expect(stripImageMetadata(webpLosslessHeader(2, 3), "webp")).toEqual(webpLosslessHeader(2, 3));
  });

  it("keeps a GIF as it is", () => {
    const gif = new Uint8Array([...text("GIF89a"), 1, 0, 1, 0]);
    expect(stripImageMetadata(gif, "gif")).toBe(gif);
  });
});
