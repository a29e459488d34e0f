import { useId } from "react";
import { IMAGE_ACCEPT, limitPromptFor } from "~/core/catalogue/images";
import { IMAGE_WIDGET_FIELD_NAME, TICKET_ATTACHMENT_LIMIT } from "~/core/limits";
import { useHydrated } from "../forms/useHydrated";
import { ImageUploader } from "./ImageUploader";
import type { UploadItem } from "./upload-item";
import type { MediaItem } from "~/web/types/media";
import { imagesKeptText } from "~/core/tickets/tickets";

export const MEDIA_UPLOAD_URL = "/crm/customer/media/upload";

/**
 * Image attachments inside a message form. Without JS: a plain multiple file input (`file`) sent with
 * the form as multipart. With JS: the image widget, which compresses and uploads each image at once and
 * puts the media ids into the form as `gallery[]`. Images a refused form kept (`kept`, already uploads)
 * come with the next submit by id: without JS as thumbnails with their ids, with JS as the widget's items.
 */
export function AttachmentField({
  limit = TICKET_ATTACHMENT_LIMIT,
  title = "画像を添付",
  resetKey,
  onBusyChange,
  onChange,
  error,
  kept = [],
}: {
  kept?: MediaItem[];
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
          files={kept}
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
          {kept.length > 0 ? <KeptImages kept={kept} title={title} /> : null}
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

/** Without JS: the images a refused form kept, sent with the next submit by id (`gallery[]`). */
function KeptImages({ kept, title }: { kept: MediaItem[]; title: string }) {
  return (
    <div className="grid gap-1" data-testid="kept-images">
      <p className="m-0 text-sm">{imagesKeptText(kept.length)}</p>
      <ul className="m-0 flex flex-wrap gap-2 p-0">
        {kept.map((item, index) => (
          <li key={item.id} className="list-none">
            <img src={item.thumbnail_m} alt={`${title} ${index + 1}`} width={64} height={64} className="h-16 w-16 rounded object-cover" />
            <input type="hidden" name="gallery[]" value={item.id} />
          </li>
        ))}
      </ul>
    </div>
  );
}
