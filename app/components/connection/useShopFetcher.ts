import { useFetcher } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import { isConnectionFailure } from "~/core/site/connection";
import { failedPost } from "./failed-posts";

/**
 * Every fetcher of the shop (lint allows no other `useFetcher`). Its route's `clientAction`
 * (connection/route-handlers) answers a failed request with the connection failure instead of the error
 * page. That is no answer of the action: `data` is then undefined (as before any answer), `failed` says
 * the last request failed, and `retry()` sends it again as it was. Show both with ConnectionNotice beside
 * the control.
 */
export function useShopFetcher<TData>(options?: { key?: string }) {
  const fetcher = useFetcher<TData>(options);
  const failure = isConnectionFailure(fetcher.data) ? fetcher.data : null;
  const failed = fetcher.state === "idle" && failure != null;
  const data = failure ? undefined : fetcher.data;
  const { submit } = fetcher;
  const number = failure?.post;
  const retry = useCallback(() => {
    const post = failedPost(number);
    if (post) submit(post.formData, post);
  }, [submit, number]);
  return useMemo(() => ({ ...fetcher, data, failed, retry }), [fetcher, data, failed, retry]);
}

export type ShopFetcher<TData> = ReturnType<typeof useShopFetcher<TData>>;
