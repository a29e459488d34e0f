import { describe, expect, it } from "vitest";
import { contrastRatio, pointPromoColor, readableTextOn, relativeLuminance } from "~/core/catalogue/colors";
import { POINT_PROMO_DEFAULT_COLOR } from "~/core/limits";

describe("readableTextOn", () => {
  it("picks the text colour with the higher WCAG contrast on the shop's colour", () => {
    expect(readableTextOn("#ee6d68")).toBe("#1f2937"); // white would be 2.99:1
    expect(readableTextOn("#1e3a8a")).toBe("#ffffff");
    expect(readableTextOn("#FFF")).toBe("#1f2937");
    expect(readableTextOn("not a colour")).toBe("#ffffff");
  });

  it("meets 4.5:1 for the seed campaign colour", () => {
    const background = relativeLuminance("#ee6d68")!;
    expect(contrastRatio(background, relativeLuminance(readableTextOn("#ee6d68"))!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(relativeLuminance("#000000")!, relativeLuminance("#ffffff")!)).toBeCloseTo(21, 5);
  });
});

describe("pointPromoColor", () => {
  it("keeps the shop's colour", () => {
    expect(pointPromoColor("#1e3a8a")).toBe("#1e3a8a");
    expect(pointPromoColor(" #abc ")).toBe("#abc");
  });

  it("uses the default #ee6d68 when the colour is empty or not a colour", () => {
    expect(POINT_PROMO_DEFAULT_COLOR).toBe("#ee6d68");
    for (const color of ["", "  ", null, undefined, "red", "#12345", "url(x)"]) expect(pointPromoColor(color), String(color)).toBe("#ee6d68");
  });
});
