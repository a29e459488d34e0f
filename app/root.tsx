import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import "virtual:uno.css";
import { useHydrationMark } from "~/components/forms/useHydrated";
import { usePageShell } from "~/components/layout/usePageShell";
import { island } from "~/components/island";
import { useNonce } from "~/components/nonce";
import { SiteStyles } from "~/components/site-styles";
import { errorPageTitle } from "~/core/site/error-page-title";
import { SHOP_NAME, SHOP_TAGLINE } from "~/core/site/shop-name";
import { loadPageShell } from "~/web/http.server";
import { EMPTY_SHELL } from "~/core/site/shell";
import { hasPersonalCookie } from "~/core/site/edge-cache";
import { siteFacts } from "~/core/settings/shop-settings";
import { settingsInForce } from "~/web/settings/shop-settings.server";
import "~/styles/base.css";

// The footer's links need no code to work, and the error page shows only when something went wrong:
// their code loads after the first load (see island). The footer's part also says when the page's data
// could not be reloaded (components/connection).
const SiteHeader = island(() => import("~/components/layout/SiteHeader").then((module) => module.SiteHeader));
const SiteFooter = island(() => import("~/components/layout/SiteFooter").then((module) => module.SiteFooter));
const GeneralErrorBoundary = island(() => import("~/components/GeneralErrorBoundary").then((module) => module.GeneralErrorBoundary));

export const meta: MetaFunction<typeof loader> = ({ error, data }) => {
  const shopName = data?.site.shopName ?? SHOP_NAME;
  return error
    ? // Root's ErrorBoundary shows every route's error: the title says what happened.
      [{ title: `${errorPageTitle(isRouteErrorResponse(error) ? error.status : 500)} | ${shopName}` }, { name: "robots", content: "noindex" }]
    : [{ title: shopName }, { name: "description", content: SHOP_TAGLINE }];
};

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A request without a personal cookie renders the neutral header and may be served to every such visitor
  // from the edge cache (app/core/site/edge-cache.ts): the header then asks /api/shell who is looking.
  // The shop's name and contact come from the settings as the isolate holds them: no round trip of their own (decision 0057).
  const [shell, settings] = await Promise.all([loadPageShell(request, context), settingsInForce(context)]);
  return { shell, anonymous: !hasPersonalCookie(request.headers.get("Cookie")), site: siteFacts(settings) };
}

// A reload of the header's data that fails keeps the page, and a post that failed reloads nothing (components/connection).
export { clientLoader, shouldRevalidate } from "~/components/connection/route-handlers";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const shell = usePageShell(data?.shell ?? EMPTY_SHELL);
  useHydrationMark();
  const searchQuery = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <html lang="ja">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b5322b" />
        <Meta />
        <SiteStyles />
        <Links />
      </head>
      <body className="m-0 bg-white text-gray-900">
        <a href="#main" className="sr-only focus:not-sr-only">
          本文へ移動
        </a>
        <SiteHeader shell={shell} anonymous={data?.anonymous ?? false} searchQuery={searchQuery} shopName={data?.site.shopName ?? SHOP_NAME} />
        <main id="main" className="mx-auto max-w-5xl px-3">
          {children}
        </main>
        <SiteFooter site={data?.site ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
