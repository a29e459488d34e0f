/** Errors about the whole form (e.g. a failed login), announced to screen readers. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded border border-solid border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {errors.map((error) => (
        <p key={error} className="m-0">
          {error}
        </p>
      ))}
    </div>
  );
}
