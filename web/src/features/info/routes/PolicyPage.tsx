import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@domain/routes';
import { Meta } from '@/components/ui/Meta';
import { Message } from '@/components/ui/Message';
import { isPolicyTopic, POLICIES, POLICY_TOPICS } from '../policies';

/** /policies/:topic: returns, shipping, privacy or terms (texts in ../policies.ts); another topic is not found. */
export function PolicyPage() {
  const { topic } = useParams();
  if (!isPolicyTopic(topic))
    return (
      <Message variant="warning">
        No such policy. See our <Link to={paths.policy.href('returns')}>returns policy</Link>.
      </Message>
    );
  const policy = POLICIES[topic];
  return (
    <Row className="justify-content-center">
      <Col lg={8}>
        <Meta title={policy.title} description={policy.summary} />
        <h1 className="section-title">{policy.title}</h1>
        <p className="lead">{policy.summary}</p>
        {policy.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="h5 mt-4">{section.heading}</h2>
            {section.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </section>
        ))}
        <nav aria-label="Other policies" className="mt-4 small">
          {POLICY_TOPICS.filter((t) => t !== topic).map((t) => (
            <Link key={t} to={paths.policy.href(t)} className="me-3">
              {POLICIES[t].title}
            </Link>
          ))}
        </nav>
      </Col>
    </Row>
  );
}
