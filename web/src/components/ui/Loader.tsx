/** The spinner shown while a call is loading. */
export function Loader({ label = 'Loading…', small = false }: { label?: string; small?: boolean }) {
  if (small) return <span className="spinner-border spinner-border-sm" role="status" aria-label={label} />;
  return (
    <div className="d-flex justify-content-center my-5">
      <div className="spinner-border loader-lg" role="status" aria-label={label}>
        <span className="visually-hidden">{label}</span>
      </div>
    </div>
  );
}
