import type { MouseEvent } from "react";

/** Marks a review photo link (ReviewList) for the previewer. */
export const REVIEW_PHOTO_ATTRIBUTE = "data-review-photo";
const PHOTO_LINK = `a[${REVIEW_PHOTO_ATTRIBUTE}]`;

/**
 * The reviews as the server rendered them (ReviewList, in the loader): markup only, so none of its code
 * loads with the page. The one thing to do in the browser: a tapped photo opens the full-screen previewer
 * (zoom, swipe through that review's photos), whose code loads on that first tap. Without JS, or with a
 * modifier key, the link opens the image itself.
 */
export function ReviewSection({ html }: { html: string }) {
  return <div onClick={openPhoto} dangerouslySetInnerHTML={{ __html: html }} />;
}

async function openPhoto(event: MouseEvent<HTMLDivElement>) {
  const link = (event.target as Element).closest<HTMLAnchorElement>(PHOTO_LINK);
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const photos = [...(link.closest("ul") ?? link).querySelectorAll<HTMLAnchorElement>(PHOTO_LINK)];
  const { openPreviewer } = await import("../images/previewer");
  await openPreviewer({
    items: photos.map((photo) => ({
      src: photo.href,
      width: Number(photo.dataset.width) || null,
      height: Number(photo.dataset.height) || null,
      alt: photo.getAttribute("aria-label") ?? "",
    })),
    index: photos.indexOf(link),
    readonly: true,
  });
}
