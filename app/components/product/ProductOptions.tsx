import { formatYen } from "~/core/money";
import type { ProductView } from "~/web/types/product";

/** The product's options (gift wrapping paper, engraving …): a list as a select, the others as radios; the first choice unless one was picked. */
export function ProductOptions({ options, picked }: { options: ProductView["options"]; picked: number[] }) {
  return (
    <>
      {options.map((option) =>
        option.type === "list" ? (
          <div key={option.id} className="grid gap-1">
            <label htmlFor={`option-${option.id}`} className="text-sm font-bold">
              {option.title}
            </label>
            <select
              id={`option-${option.id}`}
              name={`o[${option.id}]`}
              defaultValue={option.choices.find((choice) => picked.includes(choice.id))?.id ?? option.choices[0]?.id}
              className="field"
            >
              {option.choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.title}
                  {choice.fee > 0 ? `（+${formatYen(choice.fee)}）` : ""}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <fieldset key={option.id} className="m-0 grid gap-1 border-0 p-0">
            <legend className="mb-1 text-sm font-bold">{option.title}</legend>
            {option.choices.map((choice, index) => (
              <label key={choice.id} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`o[${option.id}]`}
                  value={choice.id}
                  defaultChecked={picked.includes(choice.id) || (index === 0 && !option.choices.some((other) => picked.includes(other.id)))}
                />
                {choice.title}
                {choice.fee > 0 ? <span className="text-xs text-gray-600">（+{formatYen(choice.fee)}）</span> : null}
              </label>
            ))}
          </fieldset>
        ),
      )}
    </>
  );
}
