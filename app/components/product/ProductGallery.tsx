import { useState } from "react";
import type { ReactNode } from "react";

/**
 * Main picture (eager, sized: no layout shift) with thumbnails to switch; `overlay` sits on top. The
 * chosen variation's own picture is shown when it has one (and again whenever another is chosen).
 */
export function ProductGallery({
  media,
  variationId,
  title,
  overlay,
}: {
  media: { url: string; alt: string; width: number; height: number; variationId: number | null }[];
  variationId: number | null;
  title: string;
  overlay?: ReactNode;
}) {
  const pictureOf = (id: number | null) => (id == null ? -1 : media.findIndex((item) => item.variationId === id));
  const [current, setCurrent] = useState(() => Math.max(0, pictureOf(variationId)));
  const [shownVariation, setShownVariation] = useState(variationId);
  if (shownVariation !== variationId) {
    setShownVariation(variationId);
    if (pictureOf(variationId) >= 0) setCurrent(pictureOf(variationId));
  }
  const main = media[current] ?? media[0];
  return (
    <div>
      <div className="relative overflow-hidden rounded-lg bg-gray-100">
        {main ? (
          <img
            src={main.url}
            alt={main.alt || title}
            data-testid="product-main-image"
            width={main.width}
            height={main.height}
            // React 18 only passes the lowercase HTML attribute through.
            {...{ fetchpriority: "high" }}
            className="block aspect-square h-auto w-full object-cover"
          />
        ) : (
          <div className="aspect-square" />
        )}
        {overlay}
      </div>
      {media.length > 1 ? (
        <ul className="m-0 mt-2 flex gap-2 p-0">
          {media.map((item, index) => (
            <li key={item.url} className="list-none">
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-label={`画像${index + 1}を表示`}
                aria-current={index === current}
                className="cursor-pointer border-2 border-solid border-transparent bg-transparent p-0 aria-[current=true]:border-brand"
              >
                <img src={item.url} alt="" width={64} height={64} loading="lazy" className="block h-16 w-16 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
