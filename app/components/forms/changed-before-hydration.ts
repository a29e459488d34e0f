/**
 * Whether the shopper changed a field of the server's HTML before the page's code ran (typed, ticked,
 * picked): its value, tick or choice differs from what the HTML says (`defaultValue`, `defaultChecked`,
 * `defaultSelected`). Read it as the field's component first runs in the browser, before React has
 * drawn the field again.
 */
export function changedBeforeHydration(field: Element | null | undefined): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  return false;
}
