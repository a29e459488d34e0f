import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { holdEventsUntilHydrated } from "~/components/forms/useHydrated";
import { SiteStylesProvider, siteStylesIn } from "~/components/site-styles";

// A tap or key press while the root hydrates would make React 18 hydrate it synchronously and fail (see there).
holdEventsUntilHydrated();

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
