import { Form } from "@remix-run/react";
import { describeMinutes, minutesToClock, WEEKDAY_LABELS, type DeskDay, type SlaTargets } from "~/core/tickets/desk-calendar";
import { formatDateJa } from "~/core/dates";
import { PRIORITY_LABELS } from "~/core/tickets/ticket-labels";
import type { DeskSettingsError } from "~/web/types/tickets";

function FormError({ error }: { error: DeskSettingsError | null }) {
  return error ? (
    <p role="alert" className="field-error m-0">
      {error.error}
    </p>
  ) : null;
}

/** The weekly hours (Monday first, as a Japanese shop reads its week); both times empty = closed that day. */
export function DeskHoursForm({ week, error }: { week: DeskDay[]; error: DeskSettingsError | null }) {
  const shown = (name: string, minutes: number | undefined) => error?.values[name] ?? (minutes != null ? minutesToClock(minutes) : "");
  return (
    <Form method="post" className="card my-3 grid gap-2 p-3" aria-label="営業時間">
      <h2 className="m-0 text-lg">営業時間</h2>
      <p className="m-0 text-xs text-gray-700">休みの曜日は開始・終了とも空欄にします。</p>
      <input type="hidden" name="intent" value="hours" />
      <FormError error={error} />
      <table className="text-sm">
        <tbody>
          {[1, 2, 3, 4, 5, 6, 0].map((weekday) => {
            const day = week[weekday];
            const label = WEEKDAY_LABELS[weekday];
            return (
              <tr key={weekday} data-testid="desk-hours-row">
                <th scope="row" className="pr-3 text-left font-normal">
                  {label}
                </th>
                <td>
                  <input
                    type="time"
                    name={`opens_${weekday}`}
                    aria-label={`${label}の開始`}
                    defaultValue={shown(`opens_${weekday}`, day?.opensAt)}
                    className="field w-28"
                  />
                  〜
                  <input
                    type="time"
                    name={`closes_${weekday}`}
                    aria-label={`${label}の終了`}
                    defaultValue={shown(`closes_${weekday}`, day?.closesAt)}
                    className="field w-28"
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="submit" className="btn-primary w-fit">
        営業時間を保存する
      </button>
    </Form>
  );
}

/** First-response and resolution targets per priority, in business minutes. */
export function SlaTargetsForm({ targets, error }: { targets: SlaTargets | null; error: DeskSettingsError | null }) {
  return (
    <Form method="post" className="card my-3 grid gap-2 p-3" aria-label="対応期限の目標">
      <h2 className="m-0 text-lg">対応期限の目標（営業時間の分数）</h2>
      <input type="hidden" name="intent" value="targets" />
      <FormError error={error} />
      <table className="text-sm">
        <thead>
          <tr>
            <th scope="col" className="text-left">
              優先度
            </th>
            <th scope="col" className="text-left">
              初回返信
            </th>
            <th scope="col" className="text-left">
              解決
            </th>
          </tr>
        </thead>
        <tbody>
          {(["high", "medium", "low"] as const).map((priority) => (
            <tr key={priority}>
              <th scope="row" className="pr-3 text-left font-normal">
                {PRIORITY_LABELS[priority]}
              </th>
              {(["first", "resolution"] as const).map((kind) => {
                const name = `${kind}_${priority}`;
                const saved = targets?.[priority][kind === "first" ? "firstResponseMinutes" : "resolutionMinutes"];
                return (
                  <td key={kind} className="pr-2">
                    <input
                      name={name}
                      inputMode="numeric"
                      aria-label={`優先度${PRIORITY_LABELS[priority]}の${kind === "first" ? "初回返信" : "解決"}（分）`}
                      defaultValue={error?.values[name] ?? (saved != null ? String(saved) : "")}
                      className="field w-24"
                    />
                    分{saved != null ? <span className="block text-xs text-gray-700">＝{describeMinutes(saved)}</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <button type="submit" className="btn-primary w-fit">
        目標を保存する
      </button>
    </Form>
  );
}

/** The days the desk is closed besides its weekly hours: Japan's public holidays and the shop's own. */
export function DeskHolidaysForm({ holidays, error }: { holidays: { date: string; name: string }[]; error: DeskSettingsError | null }) {
  return (
    <section className="card my-3 grid gap-2 p-3" aria-label="休業日">
      <h2 className="m-0 text-lg">休業日（祝日・年末年始など）</h2>
      <FormError error={error} />
      {/* Remounted when the list changes, so an added day leaves the fields empty for the next. */}
      <Form method="post" key={holidays.length} className="flex flex-wrap items-end gap-2" aria-label="休業日を追加">
        <input type="hidden" name="intent" value="add-holiday" />
        <label className="grid gap-1 text-sm">
          日付
          <input type="date" name="date" defaultValue={error?.values.date ?? ""} className="field" />
        </label>
        <label className="grid gap-1 text-sm">
          名前
          <input name="name" maxLength={40} placeholder="例：年末年始休業" defaultValue={error?.values.name ?? ""} className="field" />
        </label>
        <button type="submit" className="btn-secondary">
          追加する
        </button>
      </Form>
      <ul className="m-0 grid list-none gap-1 p-0 text-sm" data-testid="desk-holidays">
        {holidays.map((holiday) => (
          <li key={holiday.date} className="flex items-center gap-2">
            <span>
              {formatDateJa(holiday.date)} {holiday.name}
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="remove-holiday" />
              <input type="hidden" name="date" value={holiday.date} />
              <button type="submit" className="btn-link" aria-label={`${formatDateJa(holiday.date)}（${holiday.name}）を削除`}>
                削除
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
