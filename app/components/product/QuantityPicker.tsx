import type { Dispatch, SetStateAction } from "react";
import { StepButton } from "./StepButton";

/** 数量: the field the form posts as `q`, with − / ＋ steppers (JS) that price the new quantity at once. */
export function QuantityPicker({
  quantity,
  maxQuantity,
  setQuantity,
  recalculate,
  hydrated,
}: {
  /** As shown: never above maxQuantity. */
  quantity: number;
  maxQuantity: number;
  setQuantity: Dispatch<SetStateAction<number>>;
  recalculate: () => void;
  hydrated: boolean;
}) {
  // The price is asked for once the new quantity is drawn (useLivePrice).
  const step = (next: (value: number) => number) => {
    setQuantity(next);
    recalculate();
  };
  return (
    <div className="grid gap-1">
      <label htmlFor="quantity" className="text-sm font-bold">
        数量
      </label>
      <div className="flex items-center gap-2">
        <StepButton label="数量を減らす" hydrated={hydrated} disabled={quantity <= 1} onClick={() => step((value) => Math.max(1, value - 1))}>
          −
        </StepButton>
        <input
          id="quantity"
          name="q"
          type="number"
          inputMode="numeric"
          min={1}
          max={maxQuantity}
          value={quantity}
          onChange={(event) => setQuantity(Math.max(1, Math.min(maxQuantity, Number(event.target.value) || 1)))}
          className="field w-20 text-center"
        />
        <StepButton
          label="数量を増やす"
          hydrated={hydrated}
          disabled={quantity >= maxQuantity}
          onClick={() => step((value) => Math.min(maxQuantity, value + 1))}
        >
          ＋
        </StepButton>
        <span className="text-xs text-gray-600">最大{maxQuantity}点</span>
      </div>
    </div>
  );
}
