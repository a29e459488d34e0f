/**
 * The image widget's upload (spec §4 Image upload item, §7 Other): one multipart POST per image with the
 * file under the configured field name, extra params, custom headers (null ones skipped) and optional
 * cross-site credentials. XMLHttpRequest, because fetch cannot report upload progress.
 */
import { uploadPercent, uploadSucceeded } from "~/core/catalogue/images";
import { TICKET_API_HEADER } from "~/core/tickets/tickets";

export interface UploadOptions {
  url: string;
  name: string;
  params: Record<string, string>;
  headers: Record<string, string | null>;
  withCredentials: boolean;
}

export type UploadOutcome = { ok: true; body: unknown } | { ok: false; status: number; error: string | null };

export function uploadBlob(
  blob: Blob,
  filename: string,
  options: UploadOptions,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(options.params)) form.append(key, value);
    form.append(options.name, blob, filename);
    const request = new XMLHttpRequest();
    request.open("POST", options.url);
    request.withCredentials = options.withCredentials;
    request.setRequestHeader(TICKET_API_HEADER.name, TICKET_API_HEADER.value);
    for (const [header, value] of Object.entries(options.headers)) if (value != null) request.setRequestHeader(header, value);
    request.upload.onprogress = (event) => onProgress(uploadPercent(event.loaded, event.lengthComputable ? event.total : blob.size));
    const readError = (): string | null => {
      try {
        const parsed = JSON.parse(request.responseText) as { error?: unknown };
        return typeof parsed.error === "string" ? parsed.error : null;
      } catch {
        return null;
      }
    };
    request.onload = () => {
      if (!uploadSucceeded(request.status)) return resolve({ ok: false, status: request.status, error: readError() });
      try {
        resolve({ ok: true, body: JSON.parse(request.responseText) });
      } catch {
        resolve({ ok: false, status: request.status, error: null });
      }
    };
    request.onerror = () => resolve({ ok: false, status: 0, error: null });
    request.onabort = () => resolve({ ok: false, status: 0, error: null });
    signal?.addEventListener("abort", () => request.abort());
    request.send(form);
  });
}
