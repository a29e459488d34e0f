/**
 * The search filter's price slider (spec §2 screen 8, §9: shown 100 to 100,000 yen). Its thumbs move over
 * stops that get wider as prices grow — 100-yen steps up to 1,000円, 500-yen steps up to 10,000円,
 * 5,000-yen steps up to 100,000円 — so the everyday range (1,000–10,000円) gets most of the track rather
 * than a tenth of it. The number inputs beside it take any 100-yen step; the slider snaps to the nearest stop.
 */
import { PRICE_FILTER_MAX, PRICE_FILTER_MIN } from "../limits";

const BANDS = [
  { upTo: 1_000, step: 100 },
  { upTo: 10_000, step: 500 },
  { upTo: PRICE_FILTER_MAX, step: 5_000 },
];

/** Every price a thumb can rest on, ascending, from PRICE_FILTER_MIN to PRICE_FILTER_MAX. */
export const PRICE_SLIDER_STOPS: readonly number[] = (() => {
  const stops = [PRICE_FILTER_MIN];
  for (const band of BANDS) {
    for (let price = stops[stops.length - 1]! + band.step; price <= band.upTo; price += band.step) stops.push(price);
  }
  return stops;
})();

/** The stop nearest to a price (prices outside the range go to its ends). */
export function priceToStop(price: number): number {
  let nearest = 0;
  PRICE_SLIDER_STOPS.forEach((stop, index) => {
    if (Math.abs(stop - price) < Math.abs(PRICE_SLIDER_STOPS[nearest]! - price)) nearest = index;
  });
  return nearest;
}

/** The price at a stop (clamped to the slider's ends). */
export function stopToPrice(stop: number): number {
  const index = Math.min(PRICE_SLIDER_STOPS.length - 1, Math.max(0, Math.round(stop)));
  return PRICE_SLIDER_STOPS[index]!;
}
