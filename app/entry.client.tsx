import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { SiteStylesProvider, siteStylesIn } from "~/components/site-styles";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <SiteStylesProvider value={siteStylesIn(document)}>
        <RemixBrowser />
      </SiteStylesProvider>
    </StrictMode>,
  );
});
