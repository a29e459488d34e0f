import { useEffect, useRef, useState } from "react";
import { FEEDBACK_SURVEY_URL } from "~/core/site";

const STORAGE_KEY = "checkout-feedback-closed";

/**
 * A small survey invitation at the bottom right (spec screen 11); once closed it stays closed
 * (localStorage). JS only. While it is shown the page keeps room for it below its last control (bottom
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
      body.paddingBottom = `${element.offsetHeight + 16}px`;
    };
    keepRoom();
    const resize = new ResizeObserver(keepRoom);
    resize.observe(element);
    return () => {
      resize.disconnect();
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
      className="fixed bottom-2 right-2 z-10 max-w-60 rounded-lg bg-white p-2 text-xs shadow-lg md:bottom-3 md:right-3 md:p-3 md:text-sm"
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
