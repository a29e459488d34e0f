import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * The state of a native checkbox that shows or hides parts of a form once scripts run. A tap before
 * hydration ticks the box but not React's state, so on hydration the state is read back from the box —
 * otherwise the box would say ticked while the page shows what an unticked box shows.
 */
export function useCheckboxState(initial: boolean): [boolean, (checked: boolean) => void, RefObject<HTMLInputElement>] {
  const ref = useRef<HTMLInputElement>(null);
  const [checked, setChecked] = useState(initial);
  useEffect(() => {
    if (ref.current) setChecked(ref.current.checked);
  }, []);
  return [checked, setChecked, ref];
}
