/**
 * Browser-side image compression for the image widget (spec §5): the size and quality come from
 * `compressionPlan` in app/core/catalogue/images.ts; this file only draws on a canvas. An unreadable image rejects.
 */
import { compressionPlan, keepCompressed } from "~/core/catalogue/images";

export interface CompressedImage {
  blob: Blob;
  width: number;
  height: number;
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close: () => void }> {
  if (typeof createImageBitmap === "function") {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight, close: () => undefined };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Scales to min(maxWidth, natural width) at `quality`; GIFs and disabled compression pass through (sized). */
export async function compressImage(file: File, options: { enableCompress: boolean; maxWidth: number; quality: number }): Promise<CompressedImage> {
  const decoded = await decode(file);
  try {
    const plan = compressionPlan({ type: file.type, width: decoded.width, height: decoded.height }, options);
    if (!plan) return { blob: file, width: decoded.width, height: decoded.height };
    const canvas = document.createElement("canvas");
    canvas.width = plan.width;
    canvas.height = plan.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("canvas unavailable");
    if (plan.type === "image/jpeg") {
      // JPEG has no transparency: transparent PNG areas become white, not black.
      context.fillStyle = "#fff";
      context.fillRect(0, 0, plan.width, plan.height);
    }
    context.drawImage(decoded.source, 0, 0, plan.width, plan.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, plan.type, plan.quality));
    if (!blob) throw new Error("image could not be encoded");
    if (!keepCompressed({ size: file.size, width: decoded.width }, { size: blob.size, width: plan.width })) {
      return { blob: file, width: decoded.width, height: decoded.height };
    }
    return { blob, width: plan.width, height: plan.height };
  } finally {
    decoded.close();
  }
}

/** The natural size of an image URL (for the previewer when the server did not know it). */
export function imageSize(src: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = src;
  });
}
