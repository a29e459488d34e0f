import type { SettingsHistoryEntry } from "~/web/types/settings";

/** Every saved version of the shop settings, newest first: who saved, when (Japan time), and each change before → after. */
export function SettingsHistory({ history }: { history: SettingsHistoryEntry[] }) {
  return (
    <section aria-labelledby="settings-history-heading" className="mt-8 max-w-3xl">
      <h2 id="settings-history-heading" className="text-lg">
        変更履歴
      </h2>
      {history.length === 0 ? (
        <p className="text-sm text-gray-700" data-testid="settings-history-empty">
          まだ変更されていません（初期値を表示しています）。
        </p>
      ) : (
        <ol className="m-0 grid gap-3 p-0">
          {history.map((entry) => (
            <li key={entry.id} className="card list-none p-3 text-sm" data-testid="settings-history-entry">
              <p className="m-0 flex flex-wrap gap-x-3 font-bold">
                <span>{entry.changedAt}</span>
                <span>{entry.changedByName || "（削除されたアカウント）"}</span>
              </p>
              {entry.changes.length === 0 ? (
                <p className="m-0 mt-1 text-gray-700">変更された項目はありません。</p>
              ) : (
                <table className="mt-2 w-full border-collapse text-left text-xs">
                  <thead>
                    <tr>
                      <th scope="col" className="border-b border-b-solid border-gray-200 py-1 pr-2">
                        項目
                      </th>
                      <th scope="col" className="border-b border-b-solid border-gray-200 py-1 pr-2">
                        変更前
                      </th>
                      <th scope="col" className="border-b border-b-solid border-gray-200 py-1">
                        変更後
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {entry.changes.map((change) => (
                      <tr key={change.label}>
                        <th scope="row" className="py-1 pr-2 align-top font-normal">
                          {change.label}
                        </th>
                        <td className="break-all py-1 pr-2 align-top text-gray-700">{change.before}</td>
                        <td className="break-all py-1 align-top">{change.after}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
