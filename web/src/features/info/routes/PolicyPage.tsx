import { DEFAULT_SETTINGS } from '@domain/settings';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@domain/routes';
import { Loader } from '@/components/ui/Loader';
import { Meta } from '@/components/ui/Meta';
import { Message } from '@/components/ui/Message';
import { usePublicSettings } from '@/lib/shopSettings';
import { PolicyText } from '../components/PolicyText';
import { ShippingMethods } from '../components/ShippingMethods';
import { isPolicyTopic, policiesFor, POLICY_TOPICS } from '../policies';

/** /policies/:topic: returns, shipping, privacy or terms (texts in ../policies.ts, from the settings in force: issue
 *  40); another topic is not found. */
export function PolicyPage() {
  const { topic } = useParams();
  const settings = usePublicSettings();
  if (!isPolicyTopic(topic))
    return (
      <Message variant="warning">
        No such policy. See our <Link to={paths.policy.href('returns')}>returns policy</Link>.
      </Message>
    );
  // Never the built-in numbers while the owner's load (they may differ); the defaults only if the call failed.
  if (settings.isPending) return <Loader fill />;
  const shop = settings.data ?? DEFAULT_SETTINGS;
  const policies = policiesFor(shop);
  const policy = policies[topic];
  return (
    <Row className="justify-content-center">
      <Col lg={8}>
        <Meta title={policy.title} description={policy.summary} />
        <h1 className="section-title">{policy.title}</h1>
        {policy.blocks ? (
          <PolicyText blocks={policy.blocks} />
        ) : (
          <>
            <p className="lead">{policy.summary}</p>
            {policy.sections.map((section) => (
              <section key={section.heading}>
                <h2 className="h5 mt-4">{section.heading}</h2>
                {section.paragraphs.map((text) => (
                  <p key={text}>{text}</p>
                ))}
              </section>
            ))}
          </>
        )}
        {topic === 'shipping' && <ShippingMethods settings={shop} />}
        <nav aria-label="Other policies" className="mt-4 small">
          {POLICY_TOPICS.filter((t) => t !== topic).map((t) => (
            <Link key={t} to={paths.policy.href(t)} className="me-3">
              {policies[t].title}
            </Link>
          ))}
        </nav>
      </Col>
    </Row>
  );
}
