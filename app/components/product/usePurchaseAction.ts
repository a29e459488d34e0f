import { useNavigate } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { BUY_LATER_NOTICE_MS } from "~/core/limits";
import { BUY_LATER_SAVED_TEXT, loginPath } from "~/core/member/member-actions";
import { ADDED_TEXT, chooseText, type ProductNotice, type ShownNotice } from "~/core/catalogue/product-notices";
import { missingPick } from "~/core/catalogue/product-selection";
import type { ProductView } from "~/web/types/product";
import { useShopFetcher } from "../connection/useShopFetcher";
import { useHydrated } from "../forms/useHydrated";

export const CART_ADD_ACTION = "/api/cart-add";
const PURCHASE_INTENTS = new Set(["add", "add_and_go", "buy_now", "preorder", "subscribe"]);

/** What the cart-add, restock-request and buy-later (1) actions answer a fetcher. */
type ActionAnswer =
  | 1
  | {
      ok?: boolean;
      notice?: ProductNotice;
      redirect?: string | null;
      requested?: boolean;
      error?: string;
      login_required?: boolean;
    };

/**
 * The purchase form's buttons with JS: they post through a fetcher and the outcome shows in place (the
 * header badge updates as the root loader revalidates); add-and-go and buy-now then move on; guests are
 * sent to log in. A missing pick is asked for before anything is posted. `onDone` runs when an action
 * changed what is left to add (the cart, the request), so the page can price again.
 */
export function usePurchaseAction(view: ProductView, onDone: () => void) {
  const { product, variations } = view;
  const hydrated = useHydrated();
  const [notice, setNotice] = useState<ShownNotice | null>(view.notice);
  const action = useShopFetcher<ActionAnswer>();
  const navigate = useNavigate();

  // Once requested, the page's own 「再入荷リクエスト済み」 says so (one message).
  useEffect(() => {
    const answer = action.data;
    if (!answer || action.state !== "idle") return;
    if (answer === 1) {
      setNotice({ key: "buy_later", tone: "success", text: BUY_LATER_SAVED_TEXT });
      return;
    }
    if (answer.login_required) navigate(loginPath(view.path));
    else if (answer.ok && answer.redirect) navigate(answer.redirect);
    else if (answer.ok) setNotice({ key: "added", tone: "success", text: ADDED_TEXT });
    else if (answer.notice && answer.error) setNotice({ key: answer.notice, tone: "error", text: answer.error });
    if (answer.ok || answer.requested) onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when an answer arrives
  }, [action.data, action.state, navigate, view.path]);
  // The buy-later notice goes after BUY_LATER_NOTICE_MS (spec §9); without JS it stays, being part of the page.
  useEffect(() => {
    if (notice?.key !== "buy_later" || !hydrated) return;
    const timer = setTimeout(() => setNotice(null), BUY_LATER_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, hydrated]);
  // Refusals without a notice key (e.g. a stock request that is not needed) show the server's text.
  const answer = action.data === 1 ? null : action.data;
  const refusal = answer && !answer.ok && !answer.notice && !answer.login_required && action.state === "idle" ? answer.error : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const target = submitter?.getAttribute("formaction") ?? "";
    const restockRequest = target.startsWith("/api/product/inventory-request/");
    // Buy later saves the product itself: nothing needs choosing first.
    const buyLater = target.startsWith("/api/buylater/");
    if (!submitter || !(PURCHASE_INTENTS.has(submitter.value) || restockRequest || buyLater)) return;
    const fields = new FormData(event.currentTarget);
    const chosenVariation = variations.find((candidate) => String(candidate.id) === fields.get("v")) ?? null;
    const missing = buyLater ? null : missingPick({ productType: product.type, variation: chosenVariation, choicePicked: Boolean(fields.get("c")) });
    event.preventDefault();
    if (missing) {
      const picker = missing === "choose_variation" ? variations[0]?.vTitle : chosenVariation?.choices[0]?.groupTitle;
      setNotice({ key: missing, tone: "error", text: chooseText(picker) });
      return;
    }
    setNotice(null);
    action.submit(new FormData(event.currentTarget, submitter), { method: "post", action: submitter.getAttribute("formaction") ?? CART_ADD_ACTION });
  }

  /** The post got no answer (no connection): said beside the buttons, with a retry of the same post. */
  const connection = { failed: action.failed, retry: action.retry };
  return { notice, setNotice, refusal, connection, onSubmit };
}
