/**
 * The spinner shown while a call is loading. `fill`: it holds a screen's height, for the main content of a page
 * whose answer will be taller than the screen, so the footer does not show and then jump away (layout shift).
 */
export function Loader({
  label = 'Loading…',
  small = false,
  fill = false,
}: {
  label?: string;
  small?: boolean;
  fill?: boolean;
}) {
  if (small) return <span className="spinner-border spinner-border-sm" role="status" aria-label={label} />;
  return (
    <div className={`d-flex justify-content-center my-5${fill ? ' loader-fill' : ''}`}>
      <div className="spinner-border loader-lg" role="status" aria-label={label}>
        <span className="visually-hidden">{label}</span>
      </div>
    </div>
  );
}
