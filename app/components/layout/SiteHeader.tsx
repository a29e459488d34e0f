import { Form, Link, useLocation } from "@remix-run/react";
import { SHOP_NAME } from "~/core/site";
import type { ShellState } from "~/services/shell.server";
import { useUnreadMessages } from "../tickets/useUnreadMessages";
import { CountBadge } from "./CountBadge";

export function SiteHeader({ shell, searchQuery }: { shell: ShellState; searchQuery: string }) {
  const { user } = shell;
  // Logged-in customers only: the badge follows new staff replies every 5 s (paused in hidden tabs).
  const unreadMessages = useUnreadMessages(shell.unreadMessages, user?.role === "customer");
  const loginHref = useLoginHref();
  return (
    <header className="border-b border-b-solid border-gray-200 bg-white">
      <div className="mx-auto flex max-w-5xl items-center gap-3 px-3 py-2">
        <Link to="/" className="shrink-0 text-xl font-bold text-brand no-underline">
          {SHOP_NAME}
        </Link>
        {/* Labels never break mid-word on narrow phones; the items wrap instead. */}
        <nav aria-label="アカウント" className="ml-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-1 whitespace-nowrap text-sm">
          {user ? (
            <>
              <Link to="/user/mails" className="relative text-gray-800">
                お知らせ
                <CountBadge count={shell.unreadMails} label="未読のお知らせ" />
              </Link>
              <Link to="/user/support" className="relative text-gray-800" data-testid="support-link">
                お問い合わせ
                <CountBadge count={unreadMessages} label="新着メッセージ" />
              </Link>
              {user.role === "staff" ? (
                <Link to="/crm" className="font-bold text-gray-800" data-testid="crm-link">
                  管理画面
                </Link>
              ) : null}
              <Link to="/user" className="text-gray-800">
                {user.lastname}様
              </Link>
              <Form method="post" action="/logout">
                <button type="submit" className="cursor-pointer border-0 bg-transparent p-0 text-sm text-gray-600 underline">
                  ログアウト
                </button>
              </Form>
            </>
          ) : (
            <>
              <Link to={loginHref} className="text-gray-800">
                ログイン
              </Link>
              <Link to="/user/register" className="text-gray-800">
                会員登録
              </Link>
            </>
          )}
          <Link to="/cart" className="relative font-bold text-gray-800" data-testid="cart-link">
            カート
            <CountBadge count={shell.cartQuantity} label="カート内の商品" bumpOnIncrease />
          </Link>
        </nav>
      </div>
      <Form method="get" action="/search" role="search" className="mx-auto flex max-w-5xl gap-2 px-3 pb-2">
        <label htmlFor="site-search" className="sr-only">
          商品を検索
        </label>
        <input
          id="site-search"
          type="search"
          name="q"
          defaultValue={searchQuery}
          placeholder="キーワードで探す"
          className="field flex-1"
          enterKeyHint="search"
        />
        <button type="submit" className="btn-primary">
          検索
        </button>
      </Form>
    </header>
  );
}

/** Login comes back to the page it was opened from (not to the login or registration page itself). */
function useLoginHref(): string {
  const { pathname, search } = useLocation();
  if (pathname === "/" || pathname === "/login" || pathname === "/user/register") return "/login";
  return `/login?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`;
}
