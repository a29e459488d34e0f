import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import {
  canAddImages,
  IMAGE_ACCEPT,
  IMAGE_WIDGET_DEFAULTS,
  isImageFile,
  limitPromptFor,
  showAddBox,
  type ImageWidgetOptions,
} from "~/core/images";
import type { MediaItem } from "~/web/types/media";
import { compressImage } from "./compress";
import { openPreviewer } from "./previewer";
import { uploadBlob } from "./upload";

/** spec §3 "Image upload item": url, blob, the file's properties, fetchStatus and progress. */
export interface UploadItem {
  key: string;
  url: string;
  blob: Blob | null;
  name: string;
  size: number;
  type: string;
  width: number | null;
  height: number | null;
  fetchStatus: "idle" | "progress" | "success" | "failure";
  progress: number;
  response: MediaItem | null;
  error: string | null;
}

export type ImageUploaderProps = Partial<ImageWidgetOptions> & {
  /** Items already there (e.g. sent attachments shown read-only). */
  files?: MediaItem[];
  /** Hidden inputs carrying the uploaded media ids are named this (for the surrounding form). */
  idFieldName?: string;
  onChange?: (items: UploadItem[]) => void;
  onError?: (item: UploadItem) => void;
  onCancel?: () => void;
  /** True while an upload runs (a form may wait before sending). */
  onBusyChange?: (busy: boolean) => void;
  /** Changing it empties the widget (after its form was sent). */
  resetKey?: number | string;
};

let counter = 0;
const nextKey = () => `img-${++counter}`;

function fromMedia(media: MediaItem): UploadItem {
  return {
    key: `media-${media.id}`,
    url: media.thumbnail_m,
    blob: null,
    name: media.filename,
    size: 0,
    type: `image/${media.ext === "jpg" ? "jpeg" : media.ext}`,
    width: media.width ?? null,
    height: media.height ?? null,
    fetchStatus: "success",
    progress: 100,
    response: media,
    error: null,
  };
}

/**
 * The image attachment widget (spec screen 14, §3 widget options, §4, §5): title, count versus limit,
 * thumbnails with the upload percentage or a failure icon (the item stays), an add box for images only
 * (optional camera capture and multiple selection) hidden at the limit or when read-only, the limit prompt
 * when too many are picked, client compression, automatic upload and a full-screen previewer. JS only:
 * forms render a plain file input until hydrated (see AttachmentField).
 */
export function ImageUploader(props: ImageUploaderProps) {
  const options: ImageWidgetOptions = {
    ...IMAGE_WIDGET_DEFAULTS,
    ...Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)),
  } as ImageWidgetOptions;
  const limitPrompt = props.limitPrompt ?? limitPromptFor(options.limit);
  const [items, setItems] = useState<UploadItem[]>(() => (props.files ?? []).map(fromMedia));
  const [alert, setAlert] = useState<string | null>(null);
  const titleId = useId();
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const callbacks = useRef(props);
  callbacks.current = props;

  const busy = items.some((item) => item.fetchStatus === "progress");
  useEffect(() => callbacks.current.onBusyChange?.(busy), [busy]);

  // A new resetKey (the form was sent) empties the widget.
  const firstReset = useRef(true);
  useEffect(() => {
    if (firstReset.current) {
      firstReset.current = false;
      return;
    }
    setItems([]);
    setAlert(null);
  }, [props.resetKey]);

  // Object URLs of local previews are released when the widget goes away.
  useEffect(
    () => () => {
      for (const item of itemsRef.current) if (item.url.startsWith("blob:")) URL.revokeObjectURL(item.url);
    },
    [],
  );

  // change / error events fire after the state they report is committed.
  const pendingEvents = useRef<{ type: "change" | "error"; key: string }[]>([]);
  useEffect(() => {
    const events = pendingEvents.current;
    pendingEvents.current = [];
    for (const event of events) {
      if (event.type === "change") callbacks.current.onChange?.(items);
      const item = items.find((candidate) => candidate.key === event.key);
      if (event.type === "error" && item) callbacks.current.onError?.(item);
    }
  }, [items]);

  const update = (key: string, change: Partial<UploadItem>, event?: "change" | "error") => {
    if (event) pendingEvents.current.push({ type: event, key });
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  };

  async function process(file: File, key: string) {
    let blob: Blob = file;
    try {
      const compressed = await compressImage(file, options);
      blob = compressed.blob;
      update(key, { blob, size: blob.size, width: compressed.width, height: compressed.height });
    } catch {
      update(key, { fetchStatus: "failure", error: "画像を読み込めませんでした。" }, "error");
      return;
    }
    if (!options.autoUpload || !options.url) return;
    const outcome = await uploadBlob(blob, file.name || "image", options, (progress) => update(key, { progress }));
    if (outcome.ok) {
      const media = outcome.body as MediaItem;
      update(key, { fetchStatus: "success", progress: 100, response: media }, "change");
    } else {
      update(key, { fetchStatus: "failure", error: outcome.error ?? "アップロードに失敗しました。" }, "error");
    }
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.target.files ?? [])];
    event.target.value = "";
    if (picked.length === 0) {
      props.onCancel?.();
      return;
    }
    const images = picked.filter(isImageFile);
    if (images.length === 0) {
      setAlert("画像ファイルを選択してください");
      return;
    }
    if (!canAddImages(items.length, images.length, options.limit)) {
      setAlert(limitPrompt);
      return;
    }
    setAlert(null);
    const added = images.map((file) => ({
      key: nextKey(),
      url: URL.createObjectURL(file),
      blob: file,
      name: file.name,
      size: file.size,
      type: file.type,
      width: null,
      height: null,
      fetchStatus: options.autoUpload && options.url ? ("progress" as const) : ("idle" as const),
      progress: 0,
      response: null,
      error: null,
    }));
    if (!options.autoUpload || !options.url) pendingEvents.current.push({ type: "change", key: "" });
    setItems((current) => [...current, ...added]);
    for (const [index, file] of images.entries()) void process(file, added[index]!.key);
  }

  function remove(index: number) {
    const gone = items[index];
    if (gone?.url.startsWith("blob:")) URL.revokeObjectURL(gone.url);
    pendingEvents.current.push({ type: "change", key: "" });
    setItems((current) => current.filter((candidate) => candidate.key !== gone?.key));
    setAlert(null);
  }

  function preview(index: number) {
    void openPreviewer({
      items: items.map((item, position) => ({
        src: item.response?.thumbnail_xl ?? item.url,
        width: item.width,
        height: item.height,
        alt: `${options.title} ${position + 1}`,
      })),
      index,
      readonly: options.readonly,
      onDelete: remove,
    });
  }

  return (
    <div className="grid gap-2" role="group" aria-labelledby={titleId} data-testid="image-uploader">
      <p id={titleId} className="m-0 flex items-baseline gap-2 text-sm font-bold">
        {options.title}
        <span className="text-xs font-normal text-gray-600" data-testid="image-count">
          {items.length}/{options.limit}
        </span>
      </p>
      <ul className="m-0 flex flex-wrap gap-2 p-0">
        {items.map((item, index) => (
          <li key={item.key} className="relative list-none" data-testid="image-item" data-status={item.fetchStatus}>
            <button
              type="button"
              onClick={() => preview(index)}
              className="block h-20 w-20 cursor-zoom-in overflow-hidden rounded border border-solid border-gray-300 bg-gray-100 p-0"
              aria-label={`${options.title} ${index + 1}を拡大表示`}
            >
              <img src={item.url} alt="" width={80} height={80} className="h-full w-full object-cover" />
            </button>
            {item.fetchStatus === "progress" ? (
              <span className="pointer-events-none absolute inset-0 flex items-center justify-center rounded bg-black/50 text-sm font-bold text-white" aria-live="polite">
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
            {item.fetchStatus === "success" && item.response && props.idFieldName ? (
              <input type="hidden" name={props.idFieldName} value={item.response.id} />
            ) : null}
          </li>
        ))}
        {showAddBox(items.length, options.limit, options.readonly) ? (
          <li className="list-none">
            <label className="flex h-20 w-20 cursor-pointer flex-col items-center justify-center rounded border-2 border-dashed border-gray-400 text-xs text-gray-700 focus-within:(outline outline-2 outline-brand)">
              <input
                type="file"
                accept={IMAGE_ACCEPT}
                capture={options.capture ? "environment" : undefined}
                multiple={options.multiple}
                onChange={onPick}
                className="sr-only"
                data-testid="image-input"
              />
              <span aria-hidden="true" className="text-2xl leading-none">
                ＋
              </span>
              画像を追加
            </label>
          </li>
        ) : null}
      </ul>
      {alert ? (
        <p role="alert" className="field-error m-0">
          {alert}
        </p>
      ) : null}
    </div>
  );
}
