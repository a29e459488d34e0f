import { useId } from "react";
import { IMAGE_WIDGET_DEFAULTS, showAddBox, type ImageWidgetOptions } from "~/core/catalogue/images";
import type { MediaItem } from "~/web/types/media";
import { AddImageBox } from "./AddImageBox";
import { openPreviewer } from "./previewer";
import { UploadThumbnail } from "./UploadThumbnail";
import { useUploadItems, type UploadItemsCallbacks } from "./useUploadItems";

export type ImageUploaderProps = Partial<ImageWidgetOptions> &
  UploadItemsCallbacks & {
    /** Items already there (e.g. sent attachments shown read-only). */
    files?: MediaItem[];
    /** Hidden inputs carrying the uploaded media ids are named this (for the surrounding form). */
    idFieldName?: string;
    /** Changing it empties the widget (after its form was sent). */
    resetKey?: number | string;
  };

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
  const { items, alert, pick, remove } = useUploadItems(options, props);
  const titleId = useId();

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
          <UploadThumbnail
            key={item.key}
            item={item}
            label={`${options.title} ${index + 1}を拡大表示`}
            idFieldName={props.idFieldName}
            onPreview={() => preview(index)}
          />
        ))}
        {showAddBox(items.length, options.limit, options.readonly) ? <AddImageBox capture={options.capture} multiple={options.multiple} onPick={pick} /> : null}
      </ul>
      {alert ? (
        <p role="alert" className="field-error m-0">
          {alert}
        </p>
      ) : null}
    </div>
  );
}
