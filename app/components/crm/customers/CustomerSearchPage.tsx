/**
 * /crm/customers: one search box for every key (a plain GET form, JS or not), the members found on the
 * generic listing (name to their record, reading, e-mail, phone, registered, orders, state), and the
 * guests the text finds by e-mail or order number, each to their page.
 */
import { Form, Link } from "@remix-run/react";
import { Listing, type ListingColumn, type ListingPageData } from "~/components/listing/Listing";
import { CrmNav } from "~/components/tickets/CrmNav";
import { formatDateTime, formatShortDate, isoDateTime } from "~/core/dates";
import { CUSTOMERS_PATH, customerPath, guestCustomerPath } from "~/core/customers/customer-paths";
import type { CUSTOMER_LISTING } from "~/core/customers/customer-search";
import { formatCount } from "~/core/money";
import type { CustomerRow, GuestMatch } from "~/web/types/customers";
import { CustomerStatusBadge } from "./CustomerStatusBadge";

const columns: ListingColumn<CustomerRow>[] = [
  {
    key: "name",
    label: "お名前",
    rowHeader: true,
    className: "min-w-32",
    render: (row) => (
      <Link to={customerPath(row.id)} className="font-bold" data-testid="customer-link">
        {row.name}
      </Link>
    ),
  },
  { key: "kana", label: "フリガナ", sort: "kana", className: "min-w-32 text-xs", render: (row) => row.kana },
  { key: "email", label: "メールアドレス", className: "break-all text-xs", render: (row) => row.email },
  { key: "phone", label: "電話番号", className: "whitespace-nowrap text-xs", render: (row) => row.phone || "—" },
  {
    key: "created",
    label: "登録日",
    sort: "created",
    firstDirection: "DESC",
    className: "whitespace-nowrap text-xs",
    render: (row) => <time dateTime={isoDateTime(row.registeredAt)}>{formatShortDate(row.registeredAt)}</time>,
  },
  { key: "orders", label: "注文数", className: "text-right whitespace-nowrap", render: (row) => `${formatCount(row.orderCount)}件` },
  { key: "status", label: "状態", render: (row) => <CustomerStatusBadge status={row.status} /> },
];

/** The search box: a new search (the other filters stay as they are, carried as hidden fields). */
function CustomerSearchForm({ text, kept }: { text: string; kept: [string, string][] }) {
  return (
    <Form method="get" action={CUSTOMERS_PATH} role="search" className="flex flex-wrap items-end gap-2" data-testid="customer-search">
      <label className="grid min-w-0 flex-1 gap-1 text-sm font-bold">
        会員を検索
        <input
          type="search"
          name="q"
          defaultValue={text}
          maxLength={100}
          placeholder="お名前・フリガナ・メールアドレス・電話番号・注文番号"
          enterKeyHint="search"
          className="field"
        />
      </label>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn-primary">
        検索
      </button>
    </Form>
  );
}

/** Guests whose orders the search finds (by e-mail or order number), each to their page. */
function GuestMatches({ guests, more }: { guests: GuestMatch[]; more: boolean }) {
  if (guests.length === 0) return null;
  return (
    <section aria-labelledby="guest-matches-heading" className="grid gap-2">
      <h2 id="guest-matches-heading" className="m-0 text-base">
        ゲスト購入のお客様
      </h2>
      <ul className="m-0 grid list-none gap-2 p-0">
        {guests.map((guest) => (
          <li key={guest.email} className="card flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm" data-testid="guest-match">
            <Link to={guestCustomerPath(guest.email)} className="break-all font-bold">
              {guest.email}
            </Link>
            <span>{guest.name ? `${guest.name} 様` : null}</span>
            <span className="badge bg-gray-200 text-gray-800">ゲスト</span>
            <span className="text-xs text-gray-700">
              注文 {formatCount(guest.orderCount)}件・最終 {guest.lastOrderAt ? formatDateTime(guest.lastOrderAt) : "—"}
            </span>
          </li>
        ))}
      </ul>
      {more ? <p className="m-0 text-xs text-gray-700">ほかにも該当するゲストがいます。メールアドレスをもう少し詳しく入力してください。</p> : null}
    </section>
  );
}

export function CustomerSearchPage({
  definition,
  page,
  guests,
  moreGuests,
}: {
  definition: typeof CUSTOMER_LISTING;
  page: ListingPageData<CustomerRow>;
  guests: GuestMatch[];
  moreGuests: boolean;
}) {
  const text = typeof page.query.inputs.q === "string" ? page.query.inputs.q : "";
  const kept = Object.entries(page.query.inputs).flatMap(([name, value]): [string, string][] => {
    if (name === "q") return [];
    if (typeof value === "string") return [[name, value]];
    return [...(value.from ? [[`${name}_from`, value.from] as [string, string]] : []), ...(value.to ? [[`${name}_to`, value.to] as [string, string]] : [])];
  });
  return (
    <div className="grid gap-4 py-2">
      <CrmNav />
      <h1 className="m-0 text-xl">顧客管理</h1>
      <CustomerSearchForm key={text} text={text} kept={kept} />
      <GuestMatches guests={guests} more={moreGuests} />
      <Listing
        path={CUSTOMERS_PATH}
        definition={definition}
        page={page}
        columns={columns}
        rowKey={(row) => row.id}
        rowTestId="customer-row"
        caption="会員"
        emptyText="会員はまだいません。"
        unit="人"
      />
    </div>
  );
}
