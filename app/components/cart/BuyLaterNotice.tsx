import { Link } from "@remix-run/react";
import { useEffect } from "react";
import { BUY_LATER_LIST_PATH, BUY_LATER_SAVED_TEXT } from "~/core/member/member-actions";
import { BUY_LATER_NOTICE_MS } from "~/core/limits";
import { RESULT_ANCHOR } from "~/core/site/result-anchor";
import { useHydrated } from "../forms/useHydrated";

/**
 * The cart's buy-later notice (spec §9: shown for 5000 ms): a polite live region, empty until a row is
 * moved. With JS it floats over the bottom of the screen (the tapped row may be far down) and empties after
 * BUY_LATER_NOTICE_MS; without JS it is a line at the top of the cart the redirect opens at (?notice=buy_later#result).
 * `shown` counts the saves, so a second save restarts the time.
 */
export function BuyLaterNotice({ shown, onTimeout }: { shown: number; onTimeout: () => void }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!shown || !hydrated) return;
    const timer = setTimeout(onTimeout, BUY_LATER_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [shown, hydrated, onTimeout]);
  return (
    <div
      id={RESULT_ANCHOR}
      role="status"
      className={shown ? (hydrated ? "fixed inset-x-3 bottom-4 z-50 mx-auto max-w-md shadow-lg" : "mb-3") : "sr-only"}
      data-testid="buy-later-notice"
    >
      {shown ? (
        <p className="m-0 rounded bg-gray-900 px-3 py-2 text-sm text-white">
          {BUY_LATER_SAVED_TEXT}{" "}
          <Link to={BUY_LATER_LIST_PATH} className="text-white">
            一覧を見る
          </Link>
        </p>
      ) : null}
    </div>
  );
}
