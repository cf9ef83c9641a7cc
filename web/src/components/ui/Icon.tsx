// The shop's line icons (24x24, stroked in the current colour), drawn once: header, social links, product page.
const PATHS = {
  cart: [
    'M1 1h4l2.68 13.39a2 2 0 0 0 2 1.61h9.72a2 2 0 0 0 2-1.61L23 6H6',
    'M8 21a1 1 0 1 0 2 0 1 1 0 0 0-2 0z',
    'M19 21a1 1 0 1 0 2 0 1 1 0 0 0-2 0z',
  ],
  user: ['M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2', 'M8 7a4 4 0 1 0 8 0 4 4 0 0 0-8 0z'],
  truck: [
    'M1 4h14v12H1z',
    'M15 9h4l3 3v4h-7z',
    'M5.5 16a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
    'M18.5 16a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  ],
  returns: ['M3 12a9 9 0 1 0 3-6.7', 'M3 3v6h6'],
  shield: ['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'M9 12l2 2 4-4'],
  check: ['M20 6L9 17l-5-5'],
  facebook: ['M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z'],
  x: ['M4 4l16 16M20 4L4 20'],
  instagram: [
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5v.01',
  ],
  youtube: ['M3 7a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zM10 9v6l5-3z'],
} as const;

export type IconName = keyof typeof PATHS;

/** A decorative icon (hidden from screen readers: the link or button next to it carries the text). */
export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
