import type { ReactNode } from 'react';

type Variant = 'info' | 'danger' | 'success' | 'warning' | 'secondary';

/** An alert: red ('danger') for errors, shown in place of the content (spec 8). Plain markup: no JS beyond React. */
/** `role`: 'alert' by default for danger/warning, 'status' otherwise; 'none' for static notices such as 'Not Paid'. */
export function Message({
  variant = 'info',
  children,
  className = '',
  role,
  id,
}: {
  variant?: Variant;
  children: ReactNode;
  className?: string;
  role?: 'alert' | 'status' | 'none';
  /** For a control whose error this alert shows (aria-describedby). */
  id?: string;
}) {
  const urgent = variant === 'danger' || variant === 'warning';
  const r = role ?? (urgent ? 'alert' : 'status');
  return (
    <div id={id} className={`alert alert-${variant} ${className}`.trim()} role={r === 'none' ? undefined : r}>
      {children}
    </div>
  );
}
