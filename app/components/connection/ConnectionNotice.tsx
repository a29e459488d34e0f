import { lazy, Suspense } from "react";
import type { ConnectionNoticeBodyProps } from "./ConnectionNoticeBody";

export const loadConnectionNotice = () => import("./ConnectionNoticeBody");
const ConnectionNoticeBody = lazy(() => loadConnectionNotice().then((module) => ({ default: module.ConnectionNoticeBody })));

export interface ConnectionNoticeProps extends ConnectionNoticeBodyProps {
  /** The control's last request failed (useShopFetcher's `failed`, or a navigation's action data). */
  failed: boolean;
}

/**
 * Beside a control whose request failed (components/connection): says so and offers to send it again. Its
 * code stays off the page's first load (ConnectionBanner fetches it once the page has hydrated, so it is
 * there when the connection drops).
 */
export function ConnectionNotice({ failed, ...props }: ConnectionNoticeProps) {
  if (!failed) return null;
  return (
    <Suspense fallback={null}>
      <ConnectionNoticeBody {...props} />
    </Suspense>
  );
}
