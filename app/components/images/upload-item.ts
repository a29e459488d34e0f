import type { MediaItem } from "~/web/types/media";

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

let counter = 0;
const nextKey = () => `img-${++counter}`;

/** An image already stored (e.g. a sent attachment), shown as uploaded. */
export function fromMedia(media: MediaItem): UploadItem {
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

/** A picked file, previewed from a local object URL; `uploading` when it goes up at once. */
export function fromFile(file: File, uploading: boolean): UploadItem {
  return {
    key: nextKey(),
    url: URL.createObjectURL(file),
    blob: file,
    name: file.name,
    size: file.size,
    type: file.type,
    width: null,
    height: null,
    fetchStatus: uploading ? "progress" : "idle",
    progress: 0,
    response: null,
    error: null,
  };
}
