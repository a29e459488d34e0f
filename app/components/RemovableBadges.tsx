import { Link } from "@remix-run/react";

export interface RemovableBadge {
  key: string;
  label: string;
  /** The same list without this filter. */
  href: string;
}

/**
 * The filters in effect as removable badges (search, category and member listings alike): each is a
 * link to the list without it, so removing one works without JS; with two or more, 「すべて解除」.
 */
export function RemovableBadges({ badges, clearHref }: { badges: RemovableBadge[]; clearHref: string }) {
  if (!badges.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="filter-badges">
      <span className="text-xs text-gray-700">絞り込み中：</span>
      <ul aria-label="選択中の条件（選ぶと解除します）" className="m-0 flex flex-wrap gap-2 p-0">
        {badges.map((badge) => (
          <li key={badge.key} className="list-none">
            <Link
              to={badge.href}
              preventScrollReset
              className="inline-flex items-center gap-1 break-all rounded-full bg-brand-light px-3 py-1 text-xs font-bold text-brand no-underline"
            >
              {badge.label}
              <span aria-hidden="true"> ×</span>
              <span className="sr-only">（条件を解除）</span>
            </Link>
          </li>
        ))}
      </ul>
      {badges.length > 1 ? (
        <Link to={clearHref} className="text-xs">
          すべて解除
        </Link>
      ) : null}
    </div>
  );
}
