import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { ConnectionNotice } from "../connection/ConnectionNotice";
import { useShopFetcher } from "../connection/useShopFetcher";

/**
 * The favorite heart in its three styles: "button" (heart and label, product page), "icon" (a round
 * heart over an image) and "inline" (small, in lists). Guests are sent to /login by the action.
 * Without JS the form posts and the action redirects back; with JS a fetcher toggles in place.
 */
export function FavoriteButton({
  productId,
  isFavorite,
  returnTo,
  variant = "button",
}: {
  productId: number;
  isFavorite: boolean;
  returnTo: string;
  variant?: "button" | "icon" | "inline";
}) {
  const fetcher = useShopFetcher<{ is_favorite?: boolean; login_required?: boolean }>();
  const navigate = useNavigate();
  useEffect(() => {
    if (fetcher.data?.login_required) navigate(`/login?show=1&redirectTo=${encodeURIComponent(returnTo)}`);
  }, [fetcher.data, navigate, returnTo]);
  const pending = fetcher.formData != null;
  const shown = pending ? !isFavorite : (fetcher.data?.is_favorite ?? isFavorite);
  const label = shown ? "お気に入りから外す" : "お気に入りに追加";
  const heart = (
    <span aria-hidden="true" className={shown ? "text-brand" : "text-gray-400"}>
      {shown ? "♥" : "♡"}
    </span>
  );
  const styles = {
    button: "btn-secondary text-sm",
    icon: "absolute right-2 top-2 h-10 w-10 cursor-pointer rounded-full border-0 bg-white/90 text-xl shadow",
    inline: "cursor-pointer border-0 bg-transparent p-1 text-lg",
  } as const;
  return (
    <>
      <fetcher.Form method="post" action={`/api/product/favorite/toggle/${productId}`} className={variant === "icon" ? "contents" : ""}>
        <input type="hidden" name="redirectTo" value={returnTo} />
        <button type="submit" className={styles[variant]} aria-pressed={shown} aria-label={variant === "button" ? undefined : label}>
          {heart}
          {variant === "button" ? <span>{shown ? "お気に入り登録済み" : "お気に入り"}</span> : null}
        </button>
      </fetcher.Form>
      {/* Over the photo, the icon's notice sits at the photo's foot. */}
      <ConnectionNotice failed={fetcher.failed} onRetry={fetcher.retry} className={variant === "icon" ? "absolute inset-x-2 bottom-2" : ""} />
    </>
  );
}
