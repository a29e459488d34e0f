import { useEffect, useRef, useState } from "react";
import { CART_ADD_ANIMATION_MS } from "~/core/limits";

/** A small count bubble for the header; renders nothing at zero. With `bumpOnIncrease` it pulses when the count grows. */
export function CountBadge({ count, label, bumpOnIncrease = false }: { count: number; label: string; bumpOnIncrease?: boolean }) {
  const previous = useRef(count);
  const [bumping, setBumping] = useState(false);
  useEffect(() => {
    const grew = count > previous.current;
    previous.current = count;
    if (!bumpOnIncrease || !grew) return;
    setBumping(true);
    const timer = setTimeout(() => setBumping(false), CART_ADD_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [count, bumpOnIncrease]);
  if (count <= 0) return null;
  return (
    <span
      className={`absolute -right-2 -top-2 min-w-5 rounded-full bg-brand px-1 text-center text-xs font-bold leading-5 text-white ${bumping ? "animate-cart-bump" : ""}`}
      aria-label={`${label} ${count}件`}
      data-testid={bumpOnIncrease ? "cart-badge" : undefined}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}
