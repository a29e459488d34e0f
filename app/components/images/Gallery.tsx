import { useHydrated } from "../forms/useHydrated";
import type { MediaItem } from "~/web/types/media";

/**
 * Attachments of a sent message, read-only: thumbnails that open the full-screen previewer (no delete);
 * without JS each thumbnail links to the full image.
 */
export function Gallery({ items, label }: { items: MediaItem[]; label: string }) {
  const hydrated = useHydrated();
  if (items.length === 0) return null;
  // The previewer's code loads on the first click, not with the page (a thread or an order shows photos only sometimes).
  const open = (index: number) =>
    void import("./previewer").then(({ openPreviewer }) =>
      openPreviewer({
        items: items.map((item, position) => ({ src: item.thumbnail_xl, width: item.width, height: item.height, alt: `${label} ${position + 1}` })),
        index,
        readonly: true,
      }),
    );
  return (
    <ul className="m-0 mt-2 flex flex-wrap gap-2 p-0" aria-label={label}>
      {items.map((item, index) => (
        <li key={item.id} className="list-none" data-testid="attachment">
          <a
            href={item.thumbnail_xl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={
              hydrated
                ? (event) => {
                    event.preventDefault();
                    open(index);
                  }
                : undefined
            }
            className="block h-20 w-20 overflow-hidden rounded border border-solid border-gray-300 bg-gray-100"
            aria-label={`${label} ${index + 1}を拡大表示`}
          >
            <img src={item.thumbnail_m} alt="" width={80} height={80} loading="lazy" className="h-full w-full object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}
