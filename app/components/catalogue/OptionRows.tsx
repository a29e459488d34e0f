import { FieldErrors } from "~/components/forms/TextField";
import { labelledChoices } from "~/core/search/listing";
import { OPTION_TYPE_LABELS } from "~/core/catalogue/product-form-choices";
import { AddRowButton, Checkbox, child, RemoveRowButton, rowsOf, SelectInput, textOf, TextInput, type FieldMeta } from "./EditorFields";

/** Options a shopper adds to the item (のし, 名入れ …): a list or radio buttons, each choice with its fee. */
export function OptionRows({ fields }: { fields: Record<string, FieldMeta> }) {
  const list = child(fields, "options");
  const options = rowsOf(list, fields);
  return (
    <section aria-labelledby="product-options" className="card mt-4 p-4" data-testid="option-rows">
      <h2 id="product-options" className="m-0 mb-3 text-base">
        オプション
      </h2>
      <FieldErrors id={list.errorId} errors={list.errors} />
      {options.map(({ index, row }) => {
        const f = (key: string) => child(row, key);
        const choiceList = f("choices");
        return (
          <fieldset key={index} className="mb-3 grid gap-3 rounded border border-solid border-gray-200 p-3 sm:grid-cols-3" data-testid={`option-${index}`}>
            <legend className="px-1 text-sm font-bold">オプション {index + 1}</legend>
            <input type="hidden" name={f("id").name} value={textOf(f("id").initialValue)} />
            <TextInput field={f("title")} label="オプション名（例：のし）" required />
            <SelectInput field={f("type")} label="表示形式" options={labelledChoices(OPTION_TYPE_LABELS)} />
            <div className="grid content-start gap-1">
              <Checkbox field={f("active")} label="表示する" />
              <Checkbox field={f("required")} label="選択必須" />
            </div>
            <div className="grid gap-2 sm:col-span-3">
              <FieldErrors id={choiceList.errorId} errors={choiceList.errors} />
              {rowsOf(choiceList, fields).map((choice) => (
                <div key={choice.index} className="flex flex-wrap items-start gap-2">
                  <input type="hidden" name={child(choice.row, "id").name} value={textOf(child(choice.row, "id").initialValue)} />
                  <TextInput field={child(choice.row, "title")} label="選択肢" required />
                  <TextInput field={child(choice.row, "fee")} label="料金（税込・円）" numeric />
                  <RemoveRowButton name={choiceList.name} index={choice.index} label={`オプション${index + 1}の選択肢${choice.index + 1}を削除`} />
                </div>
              ))}
              <div className="flex flex-wrap gap-2">
                <AddRowButton name={choiceList.name}>選択肢を追加</AddRowButton>
                <RemoveRowButton name={list.name} index={index} label={`オプション${index + 1}を削除`} />
              </div>
            </div>
          </fieldset>
        );
      })}
      <AddRowButton name={list.name} defaultValue={{ active: "on" }} testId="add-option">
        オプションを追加
      </AddRowButton>
    </section>
  );
}
