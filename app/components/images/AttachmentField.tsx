import { useId } from "react";
import { IMAGE_ACCEPT, limitPromptFor } from "~/core/images";
import { IMAGE_WIDGET_FIELD_NAME, TICKET_ATTACHMENT_LIMIT } from "~/core/limits";
import { useHydrated } from "../forms/useHydrated";
import { ImageUploader } from "./ImageUploader";
import type { UploadItem } from "./upload-item";

export const MEDIA_UPLOAD_URL = "/crm/customer/media/upload";

/**
 * Image attachments inside a message form. Without JS: a plain multiple file input (`file`) sent with
 * the form as multipart. With JS: the image widget, which compresses and uploads each image at once and
 * puts the media ids into the form as `gallery[]`.
 */
export function AttachmentField({
  limit = TICKET_ATTACHMENT_LIMIT,
  title = "画像を添付",
  resetKey,
  onBusyChange,
  onChange,
  error,
}: {
  limit?: number;
  title?: string;
  resetKey?: number | string;
  onBusyChange?: (busy: boolean) => void;
  onChange?: (items: UploadItem[]) => void;
  error?: string | null;
}) {
  const hydrated = useHydrated();
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="grid gap-1">
      {hydrated ? (
        <ImageUploader
          title={title}
          limit={limit}
          limitPrompt={limitPromptFor(limit)}
          url={MEDIA_UPLOAD_URL}
          name={IMAGE_WIDGET_FIELD_NAME}
          multiple
          idFieldName="gallery[]"
          resetKey={resetKey}
          onBusyChange={onBusyChange}
          onChange={onChange}
        />
      ) : (
        // As tall as the widget's title and add box, so the widget replacing it moves nothing below.
        <div className="grid gap-2">
          <label htmlFor={inputId} className="text-sm font-bold">
            {title}
          </label>
          <div className="flex h-20 items-center">
            <input
              id={inputId}
              type="file"
              name={IMAGE_WIDGET_FIELD_NAME}
              accept={IMAGE_ACCEPT}
              multiple
              aria-describedby={hintId}
              className="max-w-full text-sm"
              data-testid="attachment-input"
            />
          </div>
        </div>
      )}
      <p id={hintId} className="m-0 text-xs text-gray-600">
        JPEG・PNG・WebP・GIF、{limit}枚まで（1枚10MBまで）
      </p>
      {error ? (
        <p role="alert" className="field-error m-0">
          {error}
        </p>
      ) : null}
    </div>
  );
}
