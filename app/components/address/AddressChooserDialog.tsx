/**
 * The AddressChooser's modal (spec §4 address editor): choose another address, add, edit or delete
 * one. Loaded only when the shopper opens it, so the editor, its Valibot schema and Conform stay off the
 * checkout's first load; the chooser keeps the state and saves through its callbacks.
 */
import type { AddressInput, AddressJson } from "~/core/address/address-form";
import { ADDRESS_DELETE_CONFIRMATION } from "~/core/address/address-book";
import { AddressEditor, type SaveOutcome } from "./AddressEditor";
import { ADDRESS_ACTIONS, addressActionLabel, AddressSummary } from "./AddressSummary";
import { Dialog } from "../Dialog";

export type ChooserMode = { mode: "list" } | { mode: "add" } | { mode: "edit"; address: AddressJson } | { mode: "delete"; address: AddressJson };

const DIALOG_TITLES: Record<ChooserMode["mode"], string> = {
  list: "お届け先を選ぶ",
  add: "お届け先を追加",
  edit: "お届け先を編集",
  delete: "お届け先の削除",
};

export function AddressChooserDialog({
  mode,
  addresses,
  chosenId,
  problem,
  onModeChange,
  onChoose,
  onSave,
  onRemove,
}: {
  mode: ChooserMode;
  addresses: AddressJson[];
  chosenId: number | null;
  problem: string | null;
  onModeChange: (mode: ChooserMode | null) => void;
  onChoose: (address: AddressJson) => void;
  onSave: (editing: AddressJson | null, value: AddressInput) => Promise<SaveOutcome>;
  onRemove: (address: AddressJson) => void;
}) {
  return (
    <Dialog title={DIALOG_TITLES[mode.mode]} onClose={() => onModeChange(null)}>
      {mode.mode === "list" ? (
        <ChooserList addresses={addresses} chosenId={chosenId} problem={problem} onModeChange={onModeChange} onChoose={onChoose} />
      ) : mode.mode === "delete" ? (
        <ChooserDeleteConfirm address={mode.address} problem={problem} onCancel={() => onModeChange({ mode: "list" })} onRemove={onRemove} />
      ) : (
        <AddressEditor
          key={mode.mode === "edit" ? mode.address.id : "new"}
          address={mode.mode === "edit" ? mode.address : null}
          onSave={(value) => onSave(mode.mode === "edit" ? mode.address : null, value)}
          onCancel={() => onModeChange(addresses.length ? { mode: "list" } : null)}
        />
      )}
    </Dialog>
  );
}

/** The saved addresses, each to choose, edit or delete, and the button that adds one. */
function ChooserList({
  addresses,
  chosenId,
  problem,
  onModeChange,
  onChoose,
}: {
  addresses: AddressJson[];
  chosenId: number | null;
  problem: string | null;
  onModeChange: (mode: ChooserMode | null) => void;
  onChoose: (address: AddressJson) => void;
}) {
  return (
    <div className="grid gap-3">
      <Problem text={problem} />
      <ul className="m-0 grid list-none gap-3 p-0">
        {addresses.map((address) => (
          <li key={address.id} className={`card grid gap-2 p-3 ${address.id === chosenId ? "border-brand" : ""}`}>
            <AddressSummary address={address} headingLevel={3} />
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-primary"
                aria-pressed={address.id === chosenId}
                onClick={() => {
                  onChoose(address);
                  onModeChange(null);
                }}
              >
                {address.id === chosenId ? "選択中" : "このお届け先を選ぶ"}
              </button>
              {(["edit", "delete"] as const).map((action) => (
                <button
                  key={action}
                  type="button"
                  className="btn-secondary"
                  aria-label={addressActionLabel(address, action)}
                  onClick={() => onModeChange({ mode: action, address })}
                >
                  {ADDRESS_ACTIONS[action]}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
      <p className="m-0">
        <button type="button" className="btn-secondary" onClick={() => onModeChange({ mode: "add" })}>
          ＋ 新しいお届け先を追加
        </button>
      </p>
    </div>
  );
}

/** 「この配送先を本当に削除しますか？」 with the address, and the buttons that answer it. */
function ChooserDeleteConfirm({
  address,
  problem,
  onCancel,
  onRemove,
}: {
  address: AddressJson;
  problem: string | null;
  onCancel: () => void;
  onRemove: (address: AddressJson) => void;
}) {
  return (
    <div className="grid gap-4">
      <p className="m-0 font-bold">{ADDRESS_DELETE_CONFIRMATION}</p>
      <AddressSummary address={address} />
      <Problem text={problem} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          キャンセル
        </button>
        <button type="button" className="btn-primary" onClick={() => onRemove(address)}>
          削除する
        </button>
      </div>
    </div>
  );
}

/** Why the last save or delete failed. */
function Problem({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="field-error m-0">
      {text}
    </p>
  ) : null;
}
