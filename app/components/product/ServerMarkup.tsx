import { useNavigate, type NavigateFunction } from "@remix-run/react";
import type { MouseEvent } from "react";

/** Marks a review photo link (ReviewList) for the previewer. */
export const REVIEW_PHOTO_ATTRIBUTE = "data-review-photo";

/**
 * A part of the product page the server renders to markup in the loader (the reviews: ReviewList; the
 * related products: RelatedProducts). Nothing in it changes in the browser, so none of its code loads with
 * the page; this keeps the markup as it is and handles its taps: a review photo opens the full-screen
 * previewer (zoom, swipe through that review's photos; its code loads on the first tap), and a link to this
 * site navigates in place as the router's links do. Without JS, or with a modifier key, links act as links
 * (a photo opens the image).
 */
export function ServerMarkup({ html }: { html: string }) {
  const navigate = useNavigate();
  // The div only delegates its links' clicks: the links are the controls, focusable, and Enter on one
  // fires the same click event here.
  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
  return <div onClick={(event) => void follow(event, navigate)} dangerouslySetInnerHTML={{ __html: html }} />;
}

async function follow(event: MouseEvent<HTMLDivElement>, navigate: NavigateFunction) {
  const link = (event.target as Element).closest("a");
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (link.hasAttribute(REVIEW_PHOTO_ATTRIBUTE)) {
    event.preventDefault();
    const photos = [...(link.closest("ul") ?? link).querySelectorAll<HTMLAnchorElement>(`a[${REVIEW_PHOTO_ATTRIBUTE}]`)];
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
  } else if (link.origin === window.location.origin && !link.target) {
    event.preventDefault();
    navigate(`${link.pathname}${link.search}${link.hash}`);
  }
}
