import { useEffect, useRef, useState, type ChangeEvent, type MutableRefObject } from "react";
import { canAddImages, isImageFile, limitPromptFor, type ImageWidgetOptions } from "~/core/catalogue/images";
import type { MediaItem } from "~/web/types/media";
import { compressImage } from "./compress";
import { uploadBlob } from "./upload";
import { fromFile, fromMedia, type UploadItem } from "./upload-item";

export interface UploadItemsCallbacks {
  onChange?: (items: UploadItem[]) => void;
  onError?: (item: UploadItem) => void;
  onCancel?: () => void;
  /** True while an upload runs (a form may wait before sending). */
  onBusyChange?: (busy: boolean) => void;
}

type UpdateItem = (key: string, change: Partial<UploadItem>, event?: "change" | "error") => void;

/** Compresses a picked image and, with autoUpload, uploads it, reporting each step through `update`. */
async function compressAndUpload(file: File, key: string, options: ImageWidgetOptions, update: UpdateItem) {
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

/** change / error events fire after the state they report is committed: queue them in the ref it returns. */
function useCommittedEvents(items: UploadItem[], callbacks: MutableRefObject<UploadItemsCallbacks>) {
  const pendingEvents = useRef<{ type: "change" | "error"; key: string }[]>([]);
  useEffect(() => {
    const events = pendingEvents.current;
    pendingEvents.current = [];
    for (const event of events) {
      if (event.type === "change") callbacks.current.onChange?.(items);
      const item = items.find((candidate) => candidate.key === event.key);
      if (event.type === "error" && item) callbacks.current.onError?.(item);
    }
  }, [items, callbacks]);
  return pendingEvents;
}

/**
 * The widget's items and its alert: picking checks and adds images, each is compressed and (with
 * autoUpload) uploaded with its progress; a new `resetKey` empties the list; object URLs are released
 * when the widget goes away.
 */
export function useUploadItems(
  options: ImageWidgetOptions,
  props: UploadItemsCallbacks & { files?: MediaItem[]; limitPrompt?: string; resetKey?: number | string },
) {
  const limitPrompt = props.limitPrompt ?? limitPromptFor(options.limit);
  const [items, setItems] = useState<UploadItem[]>(() => (props.files ?? []).map(fromMedia));
  const [alert, setAlert] = useState<string | null>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const callbacks = useRef<UploadItemsCallbacks>(props);
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

  const pendingEvents = useCommittedEvents(items, callbacks);
  const update: UpdateItem = (key, change, event) => {
    if (event) pendingEvents.current.push({ type: event, key });
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  };

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.target.files ?? [])];
    event.target.value = "";
    if (picked.length === 0) {
      callbacks.current.onCancel?.();
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
    const uploading = Boolean(options.autoUpload && options.url);
    const added = images.map((file) => fromFile(file, uploading));
    if (!uploading) pendingEvents.current.push({ type: "change", key: "" });
    setItems((current) => [...current, ...added]);
    for (const [index, file] of images.entries()) void compressAndUpload(file, added[index]!.key, options, update);
  }

  function remove(index: number) {
    const gone = items[index];
    if (gone?.url.startsWith("blob:")) URL.revokeObjectURL(gone.url);
    pendingEvents.current.push({ type: "change", key: "" });
    setItems((current) => current.filter((candidate) => candidate.key !== gone?.key));
    setAlert(null);
  }

  return { items, alert, pick, remove };
}
