const LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/', d: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z' },
  { name: 'X (Twitter)', href: 'https://x.com/', d: 'M4 4l16 16M20 4L4 20' },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
    d: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5v.01',
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/',
    d: 'M3 7a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zM10 9v6l5-3z',
  },
];

export function SocialLinks() {
  return (
    <ul className="social-links list-unstyled d-flex gap-2 mb-0" aria-label="Voltshop on social media">
      {LINKS.map((l) => (
        <li key={l.name}>
          <a
            href={l.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Voltshop on ${l.name} (opens in a new tab)`}
            className="social-link"
          >
            <svg
              viewBox="0 0 24 24"
              width="20"
              height="20"
              aria-hidden="true"
              focusable="false"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d={l.d} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
