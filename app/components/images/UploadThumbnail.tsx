import type { UploadItem } from "./upload-item";

/**
 * One image of the widget: its thumbnail (a tap opens the previewer), the upload percentage or a failure
 * icon over it, and once uploaded the hidden input carrying its media id for the surrounding form.
 */
export function UploadThumbnail({
  item,
  label,
  idFieldName,
  onPreview,
}: {
  item: UploadItem;
  /** The button's accessible name, e.g. "添付画像 1を拡大表示". */
  label: string;
  idFieldName?: string;
  onPreview: () => void;
}) {
  return (
    <li className="relative list-none" data-testid="image-item" data-status={item.fetchStatus}>
      <button
        type="button"
        onClick={onPreview}
        className="block h-20 w-20 cursor-zoom-in overflow-hidden rounded border border-solid border-gray-300 bg-gray-100 p-0"
        aria-label={label}
      >
        <img src={item.url} alt="" width={80} height={80} className="h-full w-full object-cover" />
      </button>
      {item.fetchStatus === "progress" ? (
        <span
          className="pointer-events-none absolute inset-0 flex items-center justify-center rounded bg-black/50 text-sm font-bold text-white"
          aria-live="polite"
        >
          {item.progress}%
        </span>
      ) : null}
      {item.fetchStatus === "failure" ? (
        <span
          role="img"
          aria-label={item.error ?? "アップロードに失敗しました"}
          title={item.error ?? "アップロードに失敗しました"}
          className="pointer-events-none absolute right-1 top-1 flex h-6 w-6 items-center justify-center rounded-full bg-red-600 text-sm font-bold text-white"
          data-testid="image-failed"
        >
          !
        </span>
      ) : null}
      {item.fetchStatus === "success" && item.response && idFieldName ? <input type="hidden" name={idFieldName} value={item.response.id} /> : null}
    </li>
  );
}
