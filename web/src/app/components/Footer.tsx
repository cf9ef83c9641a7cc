import { Link } from 'react-router-dom';
import { paths } from '@domain/routes';

// The policies' link texts (their pages, features/info/policies.ts, are loaded only when opened).
const POLICY_LINKS = [
  ['returns', 'Returns'],
  ['shipping', 'Shipping'],
  ['privacy', 'Privacy'],
  ['terms', 'Terms'],
] as const;

export function Footer() {
  return (
    <footer className="site-footer mt-auto">
      <div className="container">
        <div className="row align-items-center gy-2">
          <div className="col-md-6 text-center text-md-start">Copyright &copy; {new Date().getFullYear()} Voltshop</div>
          <div className="col-md-6 text-center text-md-end">
            <Link to={paths.about.href()}>About Us</Link>
            <span aria-hidden="true" className="mx-2">
              ·
            </span>
            {/* A line may break after a dot, never inside a link (index.css keeps each link on one line). */}
            <wbr />
            <Link to={paths.contact.href()}>Contact Us</Link>
            {POLICY_LINKS.map(([topic, label]) => (
              <span key={topic}>
                <span aria-hidden="true" className="mx-2">
                  ·
                </span>
                <wbr />
                <Link to={paths.policy.href(topic)}>{label}</Link>
              </span>
            ))}
          </div>
        </div>
      </div>
    </footer>
  );
}
