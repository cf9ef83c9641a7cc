import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { CONTACT_EMAIL, SHOP_ADDRESS } from '@domain/site';
import { Meta } from '@/components/ui/Meta';
import { SocialLinks } from '../components/SocialLinks';

// Placeholder contact details (spec 1): replace with the shop's real ones.
export const CONTACT = {
  email: CONTACT_EMAIL,
  phone: '+1 (555) 010-0199',
  phoneHref: '+15550100199',
  address: SHOP_ADDRESS,
};

export function ContactPage() {
  return (
    <Row className="justify-content-center">
      <Col lg={8}>
        <Meta title="Contact Us" description="How to reach Voltshop: email, phone and address." />
        <h1 className="section-title">Contact Us</h1>
        <p className="lead">We answer every message within one business day.</p>
        <Row className="g-4">
          <Col md={6}>
            <Card className="h-100">
              <Card.Body>
                <h2 className="h5">Write or call</h2>
                <p className="mb-1">
                  Email: <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
                </p>
                <p className="mb-0">
                  Phone: <a href={`tel:${CONTACT.phoneHref}`}>{CONTACT.phone}</a>
                </p>
                <p className="text-muted small mt-2 mb-0">Monday to Friday, 9:00 to 17:00</p>
              </Card.Body>
            </Card>
          </Col>
          <Col md={6}>
            <Card className="h-100">
              <Card.Body>
                <h2 className="h5">Visit us</h2>
                <address className="mb-0">
                  {CONTACT.address.map((line) => (
                    <span key={line} className="d-block">
                      {line}
                    </span>
                  ))}
                </address>
              </Card.Body>
            </Card>
          </Col>
        </Row>
        <h2 className="h5 mt-4">Follow us</h2>
        <SocialLinks />
      </Col>
    </Row>
  );
}
