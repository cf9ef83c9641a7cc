import { Link } from 'react-router-dom';
import { paths } from '@domain/routes';

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
            <Link to={paths.contact.href()}>Contact Us</Link>
          </div>
        </div>
      </div>
    </footer>
  );
}
