/**
 * The staff promotion lists on the generic listing (filters, sortable headers, paginator — all URLs, so
 * they work without JS): coupons with their uses (CouponListing), coupon campaigns with their /coupon-get
 * link (CampaignListing), point promotions with their banner colour (PointPromoListing). One table: each
 * kind names its rows and adds its own columns between the one naming the row and the period and state
 * every promotion has. Each kind has its own module, so a list page loads only its own columns; the loader
 * sends the listing's definition and writes out the state labels (PromotionListingData).
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Listing, type ListingColumn, type ListingPageData } from "~/components/listing/Listing";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import type { ListingDefinition } from "~/core/search/listing";
import { PromotionStateBadge } from "./PromotionStateBadge";
import type { PromotionState } from "~/core/promotions/promotions";

/** A promotion list page: the staff menu, its heading and notice, the list. */
export function PromotionListPage({ heading, notice, children }: { heading: string; notice: string | null; children: ReactNode }) {
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">{heading}</h1>
      <Notice text={notice} />
      <div className="mt-4">{children}</div>
    </div>
  );
}

export interface PromotionRow {
  id: number;
  period: string;
  state: PromotionState;
  stateLabel: string;
}

/** The period column, sorted by its start or its end. */
export function periodColumn<Row extends PromotionRow>(sort: "starts" | "ends"): ListingColumn<Row> {
  return { key: "period", label: "期間", sort, className: "whitespace-nowrap text-xs", render: (row) => row.period };
}

/** A promotion list: the naming column, the kind's own columns, the state. */
export function PromotionListing<Row extends PromotionRow>({
  path,
  definition,
  page,
  naming,
  columns,
  noun,
}: {
  path: string;
  definition: ListingDefinition;
  page: ListingPageData<Row>;
  /** What the row's first cell shows, linking to its page. */
  naming: { label: string; sort: string; className?: string; testId: string; render: (row: Row) => ReactNode };
  /** Its own columns (with `periodColumn` where the period goes), between the naming one and the state. */
  columns: ListingColumn<Row>[];
  /** The words of this kind: the row's test id, the table's caption, the empty list, the create button. */
  noun: { rowTestId: string; caption: string; emptyText: string; newLabel: string };
}) {
  const allColumns: ListingColumn<Row>[] = [
    {
      key: naming.sort,
      label: naming.label,
      sort: naming.sort,
      rowHeader: true,
      className: naming.className,
      render: (row) => (
        <Link to={`${path}/${row.id}`} className="font-bold" data-testid={naming.testId}>
          {naming.render(row)}
        </Link>
      ),
    },
    ...columns,
    { key: "state", label: "状態", render: (row) => <PromotionStateBadge state={row.state} label={row.stateLabel} /> },
  ];
  return (
    <Listing
      path={path}
      definition={definition}
      page={page}
      columns={allColumns}
      rowKey={(row) => row.id}
      rowTestId={noun.rowTestId}
      caption={noun.caption}
      emptyText={noun.emptyText}
      toolbar={
        <Link to={`${path}/new`} className="btn-primary ml-auto no-underline" data-testid="promotion-new">
          {noun.newLabel}
        </Link>
      }
    />
  );
}
