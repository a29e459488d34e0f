import type { ChangeEvent } from "react";
import { IMAGE_ACCEPT } from "~/core/catalogue/images";

/** The widget's add box: a file input for images only, with optional camera capture and multiple selection. */
export function AddImageBox({ capture, multiple, onPick }: { capture: boolean; multiple: boolean; onPick: (event: ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <li className="list-none">
      <label className="flex h-20 w-20 cursor-pointer flex-col items-center justify-center rounded border-2 border-dashed border-gray-400 text-xs text-gray-700 focus-within:(outline outline-2 outline-brand)">
        <input
          type="file"
          accept={IMAGE_ACCEPT}
          capture={capture ? "environment" : undefined}
          multiple={multiple}
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
  );
}
