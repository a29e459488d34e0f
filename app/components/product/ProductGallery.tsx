import { useState } from "react";
import type { MouseEvent, ReactNode } from "react";
import { productImageSrc, productImageSrcSet } from "~/core/catalogue/product-images";
import { useHydrated } from "../forms/useHydrated";

interface GalleryPhoto {
  url: string;
  alt: string;
  /** The zoom size's pixels (the picture's own for the seed's files). */
  width: number;
  height: number;
  variationId: number | null;
}

/**
 * How wide the main picture is drawn (ProductPage's layout: the page is at most max-w-5xl = 1024 px with
 * 12 px padding each side; from `sm` the picture takes one of two columns 24 px apart), so the browser picks
 * the smallest rendition in `srcset` that fills it.
 */
const MAIN_PICTURE_SIZES = "(min-width: 1024px) 488px, (min-width: 640px) calc(50vw - 24px), calc(100vw - 24px)";

/**
 * Main picture (eager, sized: no layout shift) with thumbnails to switch; `overlay` sits on top. The
 * chosen variation's own picture is shown when it has one (and again whenever another is chosen). The
 * main picture opens the zoom: with JS the full-screen PhotoSwipe previewer over every photo, without JS
 * the zoom image itself. Uploaded photos come in the product page's size with the list size in srcset;
 * the zoom loads only when opened.
 */
export function ProductGallery({
  media,
  variationId,
  title,
  overlay,
}: {
  media: GalleryPhoto[];
  variationId: number | null;
  title: string;
  overlay?: ReactNode;
}) {
  const hydrated = useHydrated();
  const pictureOf = (id: number | null) => (id == null ? -1 : media.findIndex((item) => item.variationId === id));
  const [current, setCurrent] = useState(() => Math.max(0, pictureOf(variationId)));
  const [shownVariation, setShownVariation] = useState(variationId);
  if (shownVariation !== variationId) {
    setShownVariation(variationId);
    if (pictureOf(variationId) >= 0) setCurrent(pictureOf(variationId));
  }
  const main = media[current] ?? media[0];
  const openZoom = (event: MouseEvent) => {
    event.preventDefault();
    void import("../images/previewer").then(({ openPreviewer }) =>
      openPreviewer({
        items: media.map((item) => ({ src: productImageSrc(item.url, "l"), width: item.width, height: item.height, alt: item.alt || title })),
        index: Math.max(0, media.indexOf(main!)),
        readonly: true,
      }),
    );
  };
  return (
    <div>
      <div className="relative overflow-hidden rounded-lg bg-gray-100">
        {main ? (
          <a href={productImageSrc(main.url, "l")} onClick={hydrated ? openZoom : undefined} aria-label={`${main.alt || title}を拡大表示`} className="block">
            <img
              src={productImageSrc(main.url, "m")}
              srcSet={productImageSrcSet(main.url, main, "m") ?? undefined}
              sizes={MAIN_PICTURE_SIZES}
              alt={main.alt || title}
              data-testid="product-main-image"
              width={main.width}
              height={main.height}
              // React 18 only passes the lowercase HTML attribute through.
              {...{ fetchpriority: "high" }}
              className="block aspect-square h-auto w-full object-contain"
            />
          </a>
        ) : (
          <div className="aspect-square" />
        )}
        {overlay}
      </div>
      {media.length > 1 ? (
        <ul className="m-0 mt-2 flex flex-wrap gap-2 p-0" aria-label="商品画像">
          {media.map((item, index) => (
            <li key={item.url} className="list-none">
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-label={`画像${index + 1}を表示`}
                aria-current={index === current}
                className="cursor-pointer border-2 border-solid border-transparent bg-transparent p-0 aria-[current=true]:border-brand"
              >
                <img src={productImageSrc(item.url, "s")} alt="" width={64} height={64} loading="lazy" className="block h-16 w-16 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
