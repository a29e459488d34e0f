import type { ReactNode } from "react";

/** A required pick among tiles (variations, variable choices): one radio per tile, the chosen tile marked. */
export function PickerTiles<T>({
  label,
  name,
  items,
  valueOf,
  isChecked,
  onPick,
  renderTile,
}: {
  label: string;
  name: string;
  items: T[];
  valueOf: (item: T) => string | number;
  isChecked: (item: T) => boolean;
  onPick: (item: T) => void;
  renderTile: (item: T) => ReactNode;
}) {
  return (
    <fieldset className="m-0 grid gap-2 border-0 p-0">
      <legend className="mb-1 text-sm font-bold">
        {label} <span className="text-xs text-brand">※必須</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {items.map((item) => (
          <label
            key={valueOf(item)}
            className="flex cursor-pointer items-center gap-1 rounded border border-solid border-gray-300 px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-light"
          >
            <input type="radio" name={name} value={valueOf(item)} defaultChecked={isChecked(item)} onChange={() => onPick(item)} />
            {renderTile(item)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
