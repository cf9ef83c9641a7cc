// Small inline icons of the admin tables (decorative: the buttons carry text labels).
const common = {
  viewBox: '0 0 24 24',
  width: 16,
  height: 16,
  'aria-hidden': true,
  focusable: false,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function EditIcon() {
  return (
    <svg {...common}>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg {...common}>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
    </svg>
  );
}

export function PlusIcon() {
  return (
    <svg {...common}>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

/** A green tick or a red cross, with the meaning as text for screen readers. */
export function YesNo({ value, yes = 'Yes', no = 'No' }: { value: boolean; yes?: string; no?: string }) {
  return value ? (
    <span className="text-success fw-bold" title={yes}>
      <span aria-hidden="true">✓</span>
      <span className="visually-hidden">{yes}</span>
    </span>
  ) : (
    <span className="text-danger fw-bold" title={no}>
      <span aria-hidden="true">✗</span>
      <span className="visually-hidden">{no}</span>
    </span>
  );
}
