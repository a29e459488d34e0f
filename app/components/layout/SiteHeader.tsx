import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { MERCHANT_PORTAL_PATH } from "~/core/site/shop-name";
import type { ShellState } from "~/core/site/shell";
import { SiteSearchForm } from "../search/SiteSearchForm";
import { island } from "../island";
import { CountBadge } from "./CountBadge";
import { useVisitorShell } from "./useVisitorShell";
import { BellIcon, CartIcon, ChatIcon, DeskIcon, LogoutIcon, PersonIcon, PersonPlusIcon } from "./HeaderIcons";

// Its polling matters only after the page has shown: off the first load (see island).
const SupportBadge = island(() => import("./SupportBadge").then((module) => module.SupportBadge));

/**
 * One account item: on a phone an icon over a small caption (so the whole row fits one line at 360 px),
 * from `sm` up the icon beside the label. A count badge sits on the icon, never over the words.
 */
const ITEM =
  "flex min-w-0 flex-col items-center gap-0.5 whitespace-nowrap py-1 text-[10px] leading-none text-gray-800 no-underline sm:flex-row sm:gap-1 sm:text-sm";

function ItemContent({ icon, badge, children }: { icon: ReactNode; badge?: ReactNode; children: ReactNode }) {
  // The words come first (the item's name reads 「お知らせ 未読のお知らせ 3件」); the icon is drawn before them.
  return (
    <>
      {children}
      <span className="relative order-first">
        {icon}
        {badge}
      </span>
    </>
  );
}

export function SiteHeader({
  shell: rendered,
  anonymous,
  searchQuery,
  shopName,
}: {
  shell: ShellState;
  anonymous: boolean;
  searchQuery: string;
  /** The shop settings' name (the root loader's). */
  shopName: string;
}) {
  const shell = useVisitorShell(rendered, anonymous);
  const { user } = shell;
  const loginHref = useLoginHref();
  return (
    <header className="border-b border-b-solid border-gray-200 bg-white">
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-3 py-1 sm:gap-3 sm:py-2">
        <Link to="/" className="shrink-0 text-base font-bold text-brand no-underline sm:text-xl">
          {shopName}
        </Link>
        <nav aria-label="アカウント" className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-4">
          {user ? (
            <>
              <Link to="/user/mails" className={ITEM}>
                <ItemContent icon={<BellIcon />} badge={<CountBadge count={shell.unreadMails} label="未読のお知らせ" />}>
                  お知らせ
                </ItemContent>
              </Link>
              {user.role === "merchant" ? null : (
                <Link to="/user/support" className={ITEM} data-testid="support-link">
                  <ItemContent icon={<ChatIcon />} badge={<SupportBadge initial={shell.unreadMessages} follow={user.role === "customer"} />}>
                    お問い合わせ
                  </ItemContent>
                </Link>
              )}
              {user.role === "staff" ? (
                <Link to="/crm" className={`${ITEM} font-bold`} data-testid="crm-link">
                  <ItemContent icon={<DeskIcon />}>管理画面</ItemContent>
                </Link>
              ) : null}
              {user.role === "merchant" ? (
                <Link to={MERCHANT_PORTAL_PATH} className={`${ITEM} font-bold`} data-testid="merchant-link">
                  <ItemContent icon={<DeskIcon />}>出品者メニュー</ItemContent>
                </Link>
              ) : null}
              <Link to="/user" className={ITEM}>
                <ItemContent icon={<PersonIcon />}>
                  {/* A long surname is cut with an ellipsis rather than pushing the row onto two lines. */}
                  <span className="max-w-[4.5em] truncate leading-tight sm:max-w-[10em]">{user.lastname}様</span>
                </ItemContent>
              </Link>
              <Form method="post" action="/logout" className="flex">
                <button type="submit" className={`${ITEM} cursor-pointer border-0 bg-transparent p-0 [font-family:inherit]`}>
                  <ItemContent icon={<LogoutIcon />}>ログアウト</ItemContent>
                </button>
              </Form>
            </>
          ) : (
            <>
              <Link to={loginHref} className={ITEM}>
                <ItemContent icon={<PersonIcon />}>ログイン</ItemContent>
              </Link>
              <Link to="/user/register" className={ITEM}>
                <ItemContent icon={<PersonPlusIcon />}>会員登録</ItemContent>
              </Link>
            </>
          )}
          {/* A merchant's login ships parcels; it does not shop (no cart in its header). */}
          {user?.role === "merchant" ? null : (
            <Link to="/cart" className={`${ITEM} font-bold`} data-testid="cart-link">
              <ItemContent icon={<CartIcon />} badge={<CountBadge count={shell.cartQuantity} label="カート内の商品" bumpOnIncrease />}>
                カート
              </ItemContent>
            </Link>
          )}
        </nav>
      </div>
      <SiteSearchForm searchQuery={searchQuery} />
    </header>
  );
}

/** Login comes back to the page it was opened from (not to the login or registration page itself). */
function useLoginHref(): string {
  const { pathname, search } = useLocation();
  if (pathname === "/" || pathname === "/login" || pathname === "/user/register") return "/login";
  return `/login?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`;
}
