import { useEffect, useState } from "react";
import { FEEDBACK_SURVEY_URL } from "~/core/site";

const STORAGE_KEY = "checkout-feedback-closed";

/**
 * A small survey invitation; once closed it stays closed (localStorage). JS only. It floats at the
 * bottom right only on screens wide enough to keep it beside the page's content; elsewhere any floating
 * box would cover form fields or the order button, so it sits at the end of the page instead.
 */
export function FeedbackPopup() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    try {
      setOpen(window.localStorage.getItem(STORAGE_KEY) !== "1");
    } catch {
      setOpen(true);
    }
  }, []);
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
      aria-label="アンケートのお願い"
      className="relative z-10 mt-4 max-w-60 rounded-lg bg-white p-3 text-sm shadow-lg 2xl:fixed 2xl:bottom-3 2xl:right-3 2xl:mt-0"
      data-testid="feedback-popup"
    >
      <button type="button" aria-label="閉じる" onClick={close} className="absolute right-1 top-1 cursor-pointer border-0 bg-transparent text-lg">
        ×
      </button>
      <p className="m-0 pr-4">ご注文手続きは分かりやすかったですか？</p>
      <a href={FEEDBACK_SURVEY_URL} target="_blank" rel="noopener noreferrer">
        1分アンケートに答える
      </a>
    </aside>
  );
}
