import { Form } from "@remix-run/react";

/** A report's period: two dates sent with GET (works without JS; the URL can be bookmarked), with what else the page keeps. */
export function ReportPeriodForm({ action, period, keep = {} }: { action: string; period: { from: string; to: string }; keep?: Record<string, string> }) {
  return (
    <Form method="get" action={action} className="flex flex-wrap items-end gap-2">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="grid text-sm">
        開始日
        <input type="date" name="from" defaultValue={period.from} />
      </label>
      <label className="grid text-sm">
        終了日
        <input type="date" name="to" defaultValue={period.to} />
      </label>
      <button type="submit" className="btn-secondary">
        表示する
      </button>
    </Form>
  );
}
