import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { Meta } from '@/components/ui/Meta';
import { paths } from '@domain/routes';
import { SocialLinks } from '../components/SocialLinks';

export function AboutPage() {
  return (
    <Row className="justify-content-center">
      <Col lg={8}>
        <Meta title="About Us" description="Who we are: Voltshop sells hand-picked tech products at fair prices." />
        <h1 className="section-title">About Us</h1>
        <p className="lead">
          Voltshop is an online shop for tech products: electronics and gadgets we would buy ourselves.
        </p>
        <p>
          We pick every product for its quality and value, describe it honestly and ship it fast. Free shipping on
          orders over $100, secure payment with PayPal or a credit card, and real people to help when something goes
          wrong.
        </p>
        <h2 className="h5 mt-4">What we care about</h2>
        <ul>
          <li>Fair prices, shown with tax and shipping before you pay.</li>
          <li>Reviews from real customers, good and bad.</li>
          <li>Your data stays yours: we only keep what we need to deliver your order.</li>
        </ul>
        <p>
          Questions? <Link to={paths.contact.href()}>Contact us</Link>.
        </p>
        <h2 className="h5 mt-4">Follow us</h2>
        <SocialLinks />
      </Col>
    </Row>
  );
}
