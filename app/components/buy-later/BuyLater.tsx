import { Link, useFetcher, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BUY_LATER_LIST_PATH, BUY_LATER_NOTICE_PARAM, BUY_LATER_NOTICE_VALUE, BUY_LATER_SAVED_TEXT } from "~/core/buy-later";
import { BUY_LATER_NOTICE_MS } from "~/core/limits";
import { loginPath } from "~/core/safe-redirect";
import { useHydrated } from "../forms/useHydrated";

/** What POST /api/buylater/{productId} answers a fetch: 1, or a refusal. */
type BuyLaterAnswer = 1 | { error: string; login_required?: boolean };

/**
 * Every buy-later button of a page shares one fetcher, so the page's notice still hears the answer after
 * the cart row that was tapped has left the cart (and one save runs at a time).
 */
const FETCHER_KEY = "buy-later";

/**
 * 「あとで買う」 (spec §7 POST /api/buylater/{productId}): for a cart row (`line`) or a product. Without JS
 * a plain form post; the endpoint returns to `returnTo` (or sends a guest to log in).
 */
export function BuyLaterButton({
  productId,
  line,
  returnTo,
  className,
}: {
  productId: number;
  line?: number;
  returnTo: string;
  className: string;
}) {
  const fetcher = useFetcher<BuyLaterAnswer>({ key: FETCHER_KEY });
  return (
    <fetcher.Form method="post" action={`/api/buylater/${productId}`}>
      <input type="hidden" name="redirectTo" value={returnTo} />
      {line != null ? <input type="hidden" name="line" value={line} /> : null}
      <button type="submit" className={className} disabled={fetcher.state !== "idle"}>
        あとで買う
      </button>
    </fetcher.Form>
  );
}

/**
 * The page's buy-later notice (spec §9: shown for 5000 ms): a live region that announces the save and
 * empties itself after BUY_LATER_NOTICE_MS. A guest's tap goes to the login page (spec §6). Without JS the
 * endpoint's redirect carries ?notice=buy_later and the line is part of the page.
 */
export function BuyLaterNotice() {
  const fetcher = useFetcher<BuyLaterAnswer>({ key: FETCHER_KEY });
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [message, setMessage] = useState<{ text: string; error: boolean; id: number } | null>(() =>
    searchParams.get(BUY_LATER_NOTICE_PARAM) === BUY_LATER_NOTICE_VALUE ? { text: BUY_LATER_SAVED_TEXT, error: false, id: 0 } : null,
  );
  const wasBusy = useRef(false);

  // Each answer once: when the fetcher comes back to idle (two saves in a row both answer 1).
  useEffect(() => {
    if (fetcher.state !== "idle") {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const answer = fetcher.data;
    if (answer === 1) setMessage({ text: BUY_LATER_SAVED_TEXT, error: false, id: Date.now() });
    else if (answer?.login_required) navigate(loginPath(`${location.pathname}${location.search}`));
    else if (answer) setMessage({ text: answer.error, error: true, id: Date.now() });
  }, [fetcher.state, fetcher.data, navigate, location.pathname, location.search]);

  // The saved notice goes after BUY_LATER_NOTICE_MS; a refusal stays until the next tap.
  useEffect(() => {
    if (!message || message.error || !hydrated) return;
    const timer = setTimeout(() => setMessage(null), BUY_LATER_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [message, hydrated]);

  // With JS a toast over the bottom of the screen, wherever the tapped button was; without JS a line
  // at the top of the page the redirect opens.
  const place = hydrated ? "fixed inset-x-3 bottom-4 z-50 mx-auto max-w-md shadow-lg" : "mb-3";
  return (
    <div role="status" aria-live="polite" className={message ? place : "sr-only"} data-testid="buy-later-notice">
      {message ? (
        <p className={`m-0 rounded px-3 py-2 text-sm ${message.error ? "bg-red-50 text-red-800" : "bg-gray-900 text-white"}`}>
          {message.text}
          {message.error ? null : (
            <>
              {" "}
              <Link to={BUY_LATER_LIST_PATH} className="text-white">
                一覧を見る
              </Link>
            </>
          )}
        </p>
      ) : null}
    </div>
  );
}
