/**
 * Text on a colour chosen by the shop (the points campaign banner): whichever of white or near-black
 * reads better on it, by the WCAG contrast ratio, so the banner stays legible whatever colour is set.
 */
import { POINT_PROMO_DEFAULT_COLOR } from "../limits";

const DARK_TEXT = "#1f2937";
const LIGHT_TEXT = "#ffffff";

/** WCAG relative luminance of "#rrggbb" / "#rgb"; null for anything else. */
export function relativeLuminance(hex: string): number | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join("") : match[1]!;
  const [red, green, blue] = [0, 2, 4].map((start) => {
    const channel = parseInt(digits.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

export function contrastRatio(first: number, second: number): number {
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/** White or near-black text for a background colour; white when the colour cannot be read. */
export function readableTextOn(background: string): string {
  const luminance = relativeLuminance(background);
  if (luminance == null) return LIGHT_TEXT;
  const onLight = contrastRatio(luminance, relativeLuminance(LIGHT_TEXT)!);
  const onDark = contrastRatio(luminance, relativeLuminance(DARK_TEXT)!);
  return onDark > onLight ? DARK_TEXT : LIGHT_TEXT;
}

/** A point promo's banner colour: the one the shop set, or POINT_PROMO_DEFAULT_COLOR when it is empty or not a colour. */
export function pointPromoColor(color: string | null | undefined): string {
  return color != null && relativeLuminance(color) != null ? color.trim() : POINT_PROMO_DEFAULT_COLOR;
}
