import { DEFAULT_SETTINGS } from '@domain/settings';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Loader } from '@/components/ui/Loader';
import { Meta } from '@/components/ui/Meta';
import { usePublicSettings } from '@/lib/shopSettings';
import { SocialLinks } from '../components/SocialLinks';

/** A phone number as a tel: link's target: its digits, with a leading +. */
const telOf = (phone: string) => `${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** /contact: the store's details from the settings (issue 40: settings.store; the placeholders until the owner's). */
export function ContactPage() {
  const settings = usePublicSettings();
  if (settings.isPending) return <Loader fill />;
  const store = (settings.data ?? DEFAULT_SETTINGS).store;
  const address = store.address.split('\n').filter((line) => line.trim() !== '');
  return (
    <Row className="justify-content-center">
      <Col lg={8}>
        <Meta title="Contact Us" description={`How to reach ${store.name}: email, phone and address.`} />
        <h1 className="section-title">Contact Us</h1>
        <p className="lead">We answer every message within one business day.</p>
        <Row className="g-4">
          <Col md={6}>
            <Card className="h-100">
              <Card.Body>
                <h2 className="h5">Write or call</h2>
                {store.email && (
                  <p className="mb-1">
                    Email: <a href={`mailto:${store.email}`}>{store.email}</a>
                  </p>
                )}
                {store.phone && (
                  <p className="mb-0">
                    Phone: <a href={`tel:${telOf(store.phone)}`}>{store.phone}</a>
                  </p>
                )}
                <p className="text-muted small mt-2 mb-0">Monday to Friday, 9:00 to 17:00</p>
              </Card.Body>
            </Card>
          </Col>
          {address.length > 0 && (
            <Col md={6}>
              <Card className="h-100">
                <Card.Body>
                  <h2 className="h5">Visit us</h2>
                  <address className="mb-0">
                    <span className="d-block fw-semibold">{store.name}</span>
                    {address.map((line, i) => (
                      <span key={i} className="d-block">
                        {line}
                      </span>
                    ))}
                  </address>
                </Card.Body>
              </Card>
            </Col>
          )}
        </Row>
        <h2 className="h5 mt-4">Follow us</h2>
        <SocialLinks />
      </Col>
    </Row>
  );
}
