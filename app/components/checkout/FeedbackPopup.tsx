import { useEffect, useRef, useState } from "react";
import { FEEDBACK_SURVEY_URL } from "~/core/site/site";

const STORAGE_KEY = "checkout-feedback-closed";

/**
 * A small survey invitation (spec screen 11); once closed it stays closed (localStorage). JS only. On a
 * phone it is the checkout's last block, in the page's flow: floating there, it would cover whatever the
 * shopper scrolls under it (the notes to the vendors being typed, the footer). From `md` up it floats at
 * the bottom right, beside the columns, and the page keeps room for it below its last control (bottom
 * padding as tall as the box), so scrolled to the end nothing — not the order button — is under it.
 */
export function FeedbackPopup() {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    try {
      setOpen(window.localStorage.getItem(STORAGE_KEY) !== "1");
    } catch {
      setOpen(true);
    }
  }, []);
  useEffect(() => {
    const element = box.current;
    if (!open || !element) return;
    const body = document.body.style;
    const keepRoom = () => {
      body.paddingBottom = getComputedStyle(element).position === "fixed" ? `${element.offsetHeight + 16}px` : "";
    };
    keepRoom();
    const resize = new ResizeObserver(keepRoom);
    resize.observe(element);
    // Turning a phone or resizing the window may cross `md`, where the box starts or stops floating.
    window.addEventListener("resize", keepRoom);
    return () => {
      resize.disconnect();
      window.removeEventListener("resize", keepRoom);
      body.paddingBottom = "";
    };
  }, [open]);
  if (!open) return null;
  const close = () => {
    setOpen(false);
    try {
      window.localStorage.setItem(STORAGE_KEY, "1");
    } catch {
      // Private mode: it simply shows again next time.
    }
  };
  return (
    <aside
      ref={box}
      aria-label="アンケートのお願い"
      className="relative ml-auto mt-4 max-w-60 rounded-lg bg-white p-2 text-xs shadow-lg md:fixed md:bottom-3 md:right-3 md:z-10 md:mt-0 md:p-3 md:text-sm"
      data-testid="feedback-popup"
    >
      <button type="button" aria-label="閉じる" onClick={close} className="absolute right-1 top-1 cursor-pointer border-0 bg-transparent text-lg">
        ×
      </button>
      <p className="m-0 pr-5">ご注文手続きは分かりやすかったですか？</p>
      <a href={FEEDBACK_SURVEY_URL} target="_blank" rel="noopener noreferrer">
        1分アンケートに答える
      </a>
    </aside>
  );
}
