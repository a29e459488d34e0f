import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadRenderedOrderReview } from "~/components/checkout/LazyOrderReview";
import { SiteStylesProvider, siteStylesIn } from "~/components/site-styles";

// Parts the server rendered from lazily loaded code are fetched before hydration (see the function).
void loadRenderedOrderReview(document).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <SiteStylesProvider value={siteStylesIn(document)}>
          <RemixBrowser />
        </SiteStylesProvider>
      </StrictMode>,
    );
  }),
);
