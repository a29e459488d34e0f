/**
 * The address fields (spec §3 Address, §5): name, reading in katakana, postal code with lookup,
 * prefecture (read-only, filled from the postal code), city, district, street number, building, phone,
 * an optional title and the default checkbox, with ※必須 marks and the messages under each field.
 *
 * It renders no <form>: put it inside a page's own form, standalone (the address pages) or embedded
 * (the checkout). Field names come from the Conform fieldset it is given, so a prefix is simply the
 * fieldset's: for a checkout schema `v.object({ shipping: AddressSchema, … })`, pass
 * `fields.shipping.getFieldset()` and the inputs are named `shipping.lastname`, `shipping.postal_code` …
 * The no-JS 住所を検索 handler then reads them with lookUpPostalForm(deps, form, "shipping.").
 *
 * Prefecture: shown as a read-only text input holding the name (focusable and read aloud, not
 * submitted) plus a hidden input with the number 1–47 that is submitted. A <select disabled> would not be
 * submitted, and a select cannot be made read-only, so the pair is the honest "read-only" control.
 * With JS the lookup fills it; without JS the 住所を検索 submit (or saving, see completePrefecture) does.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useRef, useState } from "react";
import type { AddressInput } from "~/core/address/address-form";
import { prefectureName, type PostalLookupResult } from "~/core/address/postal";
import { FieldErrors, KanaFields, RequiredMark, TextField } from "~/components/forms/TextField";
import type { ShippingRecheck } from "./address-client";
import { PostalCodeInput } from "./PostalCodeInput";

export type AddressFieldset = { [K in keyof AddressInput]-?: FieldMetadata<AddressInput[K]> };

export interface AddressFormProps {
  /** The Conform fieldset of an AddressSchema object (the form's own, or a nested one for a prefix). */
  fields: AddressFieldset;
  /** Recheck the shipping fee 500 ms after the postal code changes, and report it here. */
  onShippingChange?: (result: ShippingRecheck) => void;
  /** The server's 住所を検索 message (no JS). */
  lookupMessage?: { tone: "info" | "error"; text: string } | null;
  /** Name/value of the 住所を検索 submit button (default intent=postal_lookup). */
  lookupIntent?: { name: string; value: string };
  /** Show the title field (default true). */
  showTitle?: boolean;
  /** Show the "default address" checkbox (default true). */
  showDefault?: boolean;
  /** The address being edited is the current default: the box stays ticked (exactly one default). */
  defaultLocked?: boolean;
  /** Leave out the name fields (the checkout's 「ご注文者と同じ」: the server takes the orderer's). */
  hideName?: boolean;
}

/** Sets an input's value as if typed, so Conform (listening to input events) sees the change. */
export function setFieldValue(element: HTMLInputElement | null, value: string): void {
  if (!element || element.value === value) return;
  element.value = value;
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
}

const asText = (field: FieldMetadata<unknown>) => field as unknown as FieldMetadata<string>;

export function AddressForm({
  fields,
  onShippingChange,
  lookupMessage,
  lookupIntent,
  showTitle = true,
  showDefault = true,
  defaultLocked = false,
  hideName = false,
}: AddressFormProps) {
  const prefectureRef = useRef<HTMLInputElement>(null);
  const initialPrefecture = Number(fields.prefecture.initialValue ?? "");
  const [prefecture, setPrefecture] = useState(prefectureName(initialPrefecture));

  function fill(result: PostalLookupResult) {
    const byId = (id: string) => document.getElementById(id) as HTMLInputElement | null;
    setFieldValue(prefectureRef.current, result.region_id == null ? "" : String(result.region_id));
    setPrefecture(result.region);
    setFieldValue(byId(fields.city.id), result.locality);
    setFieldValue(byId(fields.district.id), result.street);
    if (result.extended) setFieldValue(byId(fields.address1.id), result.extended);
  }

  return (
    <div className="grid gap-4">
      {hideName ? null : <NameFields fields={fields} />}

      <PostalCodeInput
        field={asText(fields.postal_code)}
        onLookup={fill}
        currentPrefecture={() => prefectureRef.current?.value ?? ""}
        onShippingChange={onShippingChange}
        lookupIntent={lookupIntent}
        lookupMessage={lookupMessage}
      />

      <PrefectureField field={fields.prefecture} name={prefecture} inputRef={prefectureRef} />

      <TextField label="市区町村" field={asText(fields.city)} required inputProps={{ autoComplete: "address-level2" }} />
      <TextField
        label="町域"
        field={asText(fields.district)}
        hint="例: 千代田（郵便番号から自動で入力されます）"
        inputProps={{ autoComplete: "address-level3" }}
      />
      <TextField label="番地" field={asText(fields.address1)} required hint="例: 1-1-1" inputProps={{ autoComplete: "address-line1" }} />
      <TextField label="建物名・部屋番号" field={asText(fields.address2)} inputProps={{ autoComplete: "address-line2" }} />
      <TextField
        label="電話番号"
        field={asText(fields.phone)}
        type="tel"
        required
        hint="半角数字・ハイフンなし（例: 09012345678）"
        inputProps={{ autoComplete: "tel", inputMode: "tel" }}
      />
      {showTitle ? <TextField label="お届け先の名称（任意）" field={asText(fields.title)} hint="例: 自宅、実家" /> : null}
      {showDefault ? <DefaultCheckbox field={fields.default} locked={defaultLocked} /> : null}
    </div>
  );
}

/** The recipient's name and its reading in katakana. */
function NameFields({ fields }: { fields: AddressFieldset }) {
  return (
    <fieldset className="m-0 grid grid-cols-2 gap-3 border-0 p-0">
      <legend className="sr-only">お名前</legend>
      <TextField label="姓" field={asText(fields.lastname)} required inputProps={{ autoComplete: "family-name" }} />
      <TextField label="名" field={asText(fields.firstname)} required inputProps={{ autoComplete: "given-name" }} />
      <KanaFields lastname={asText(fields.lastname_jp)} firstname={asText(fields.firstname_jp)} />
    </fieldset>
  );
}

/**
 * The prefecture: its name in a read-only text input (read aloud, not submitted) and its number 1–47 in
 * the hidden input that is submitted (see the module's comment).
 */
function PrefectureField({
  field,
  name,
  inputRef,
}: {
  field: AddressFieldset["prefecture"];
  /** The prefecture's name, shown. */
  name: string;
  inputRef: React.RefObject<HTMLInputElement>;
}) {
  const displayId = `${field.id}-name`;
  const { key: _key, ...input } = getInputProps(field, { type: "hidden" });
  return (
    <div className="grid gap-1">
      <label htmlFor={displayId} className="text-sm font-bold">
        都道府県
        <RequiredMark />
      </label>
      <input
        id={displayId}
        type="text"
        value={name}
        readOnly
        aria-required
        aria-describedby={`${displayId}-hint ${field.errorId}`}
        aria-invalid={field.errors ? true : undefined}
        placeholder="郵便番号から自動入力"
        className="field w-40 bg-gray-100"
      />
      <input {...input} key={field.key} ref={inputRef} />
      <p id={`${displayId}-hint`} className="m-0 text-xs text-gray-600">
        郵便番号から自動で入力されます（変更はできません）。
      </p>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function DefaultCheckbox({ field, locked }: { field: FieldMetadata<boolean>; locked: boolean }) {
  const { key: _key, ...input } = getInputProps(field, { type: "checkbox" });
  return (
    <div className="grid gap-1">
      <label className="flex items-center gap-2 text-sm">
        {locked ? (
          <>
            {/* A disabled box is not submitted: the hidden field keeps it the default. */}
            <input type="checkbox" checked disabled readOnly aria-describedby={`${field.id}-locked`} />
            <input type="hidden" name={field.name} value="on" />
          </>
        ) : (
          <input {...input} key={field.key} />
        )}
        いつものお届け先（既定）にする
      </label>
      {locked ? (
        <p id={`${field.id}-locked`} className="m-0 text-xs text-gray-600">
          このお届け先は既定です。ほかのお届け先を既定にすると解除されます。
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
