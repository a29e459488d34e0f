import { Form } from "@remix-run/react";

interface StaffMember {
  id: number;
  name: string;
}

/**
 * Who owns the ticket, on the staff page (issue 36 item 3): take it, hand it to a colleague, or release it.
 * Plain forms (the page's action answers JS and no-JS alike); the customer never sees this.
 */
export function TicketOwner({ owner, staff, viewerId, action }: { owner: StaffMember | null; staff: StaffMember[]; viewerId: number; action: string }) {
  return (
    <section aria-labelledby="ticket-owner-heading" className="card mb-3 grid gap-2 p-3 text-sm" data-testid="ticket-owner">
      <h2 id="ticket-owner-heading" className="m-0 text-base">
        担当：<span data-testid="ticket-owner-name">{owner ? owner.name : "未割り当て"}</span>
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        {owner?.id !== viewerId ? (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="take" />
            <button type="submit" className="btn-primary">
              自分が担当する
            </button>
          </Form>
        ) : null}
        <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="assign" />
          <label className="grid gap-1">
            担当者
            <select name="owner" defaultValue={owner?.id ?? viewerId} className="input">
              {staff.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn-secondary">
            担当者を変更
          </button>
        </Form>
        {owner ? (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="release" />
            <button type="submit" className="btn-secondary">
              担当を外す
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
