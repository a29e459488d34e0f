/** A table's CSV in both encodings: UTF-8 (with BOM) and Shift_JIS for older Excel. Plain links: they download without JS. */
export function SalesCsvLinks({ path, params, label = "CSV", testId = "sales-csv" }: { path: string; params: Record<string, string>; label?: string; testId?: string }) {
  const href = (encoding: Record<string, string>) => `${path}?${new URLSearchParams({ ...params, ...encoding })}`;
  return (
    <p className="m-0 flex flex-wrap gap-2 text-sm">
      <a href={href({})} download data-testid={testId}>
        {label}（UTF-8）
      </a>
      <a href={href({ encoding: "sjis" })} download data-testid={`${testId}-sjis`}>
        {label}（Shift_JIS・Excel向け）
      </a>
    </p>
  );
}
