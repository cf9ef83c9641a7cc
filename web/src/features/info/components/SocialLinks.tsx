import { Icon, type IconName } from '@/components/ui/Icon';

const LINKS: { name: string; href: string; icon: IconName }[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/', icon: 'facebook' },
  { name: 'X (Twitter)', href: 'https://x.com/', icon: 'x' },
  { name: 'Instagram', href: 'https://www.instagram.com/', icon: 'instagram' },
  { name: 'YouTube', href: 'https://www.youtube.com/', icon: 'youtube' },
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
            <Icon name={l.icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}
