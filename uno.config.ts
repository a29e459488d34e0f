import { defineConfig, presetWind3, transformerVariantGroup } from "unocss";

// Atomic CSS: only the utilities used in app/ ship. Shortcuts name the few recurring UI pieces.
export default defineConfig({
  presets: [presetWind3()],
  transformers: [transformerVariantGroup()],
  content: { pipeline: { include: [/app\/.*\.tsx?$/] } },
  theme: {
    colors: {
      brand: { DEFAULT: "#b5322b", dark: "#8f2620", light: "#fbeceb" },
      promo: "#ee6d68",
    },
    animation: {
      // The header cart badge after an add (CART_ADD_ANIMATION_MS).
      // The coupon error box slides in (spec §8 "dismissible sliding red error box").
      keyframes: {
        "cart-bump": "{0%{transform:scale(1)}30%{transform:scale(1.5)}100%{transform:scale(1)}}",
        "slide-in": "{from{opacity:0;transform:translateY(-0.75rem)}to{opacity:1;transform:none}}",
      },
      durations: { "cart-bump": "1s", "slide-in": "250ms" },
      timingFns: { "slide-in": "ease-out" },
      counts: { "cart-bump": "1", "slide-in": "1" },
    },
  },
  shortcuts: {
    btn: "inline-flex items-center justify-center gap-1 rounded px-4 py-2 font-bold text-sm cursor-pointer border-0 disabled:(opacity-50 cursor-not-allowed)",
    "btn-primary": "btn bg-brand text-white hover:bg-brand-dark",
    "btn-secondary": "btn bg-white text-brand border border-solid border-brand hover:bg-brand-light",
    // A submit button that reads as a link (a form's way to another page, e.g. the checkout's leaveTo buttons).
    "btn-link": "cursor-pointer border-0 bg-transparent p-0 text-sm text-blue-700 underline",
    field: "block w-full rounded border border-solid border-gray-400 px-3 py-2 text-base bg-white",
    "field-error": "mt-1 rounded bg-red-50 px-2 py-1 text-sm text-red-700",
    card: "rounded-lg border border-solid border-gray-200 bg-white",
    badge: "inline-block rounded-full px-2 text-xs font-bold leading-5",
  },
});
