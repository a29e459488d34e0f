/** A small count bubble for the header; renders nothing at zero. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      className="absolute -right-2 -top-2 min-w-5 rounded-full bg-brand px-1 text-center text-xs font-bold leading-5 text-white"
      aria-label={`${label} ${count}件`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}
