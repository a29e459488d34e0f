import { formatYen } from "~/core/money";
import { pickerLabel } from "~/core/catalogue/product-notices";
import type { ProductView } from "~/web/types/product";
import { PickerTiles } from "./PickerTiles";

type Variation = ProductView["variations"][number];

/** The variation tiles (`v`) with their price and stock, then the chosen variation's variable choices (`c`). */
export function VariationPickers({
  variations,
  variation,
  selection,
  onPickVariation,
  onPickChoice,
}: {
  variations: Variation[];
  /** The variation picked now (its choices are offered). */
  variation: Variation | null;
  /** What the page was loaded with. */
  selection: ProductView["selection"];
  onPickVariation: (variation: Variation) => void;
  onPickChoice: () => void;
}) {
  const choices = variation?.choices ?? [];
  return (
    <>
      {variations.length > 0 ? (
        <PickerTiles
          label={pickerLabel(variations[0]?.vTitle)}
          name="v"
          items={variations}
          valueOf={(item) => item.id}
          isChecked={(item) => item.id === selection.variationId}
          onPick={onPickVariation}
          renderTile={(item) => (
            <>
              <span>{item.title}</span>
              <span className="text-xs text-gray-600">{formatYen(item.price)}</span>
              {item.status !== "published" ? <span className="badge bg-gray-600 text-white">利用できません</span> : null}
              {item.status === "published" && item.inventory <= 0 ? <span className="badge bg-gray-700 text-white">在庫なし</span> : null}
            </>
          )}
        />
      ) : null}

      {choices.length > 0 ? (
        <PickerTiles
          label={pickerLabel(choices[0]?.groupTitle)}
          name="c"
          items={choices}
          valueOf={(choice) => choice.sku}
          isChecked={(choice) => choice.sku === selection.choiceSku}
          onPick={onPickChoice}
          renderTile={(choice) => (
            <>
              {choice.title}
              {choice.priceDiff > 0 ? <span className="text-xs text-gray-600">+{formatYen(choice.priceDiff)}</span> : null}
              {choice.inventory === 0 ? <span className="badge bg-gray-700 text-white">在庫なし</span> : null}
            </>
          )}
        />
      ) : null}
    </>
  );
}
