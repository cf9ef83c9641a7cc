import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';

/** A narrow centered column for forms. */
export function FormContainer({ children }: { children: ReactNode }) {
  return (
    <Container>
      <Row className="justify-content-md-center">
        <Col xs={12} md={8} lg={6}>
          <div className="form-card">{children}</div>
        </Col>
      </Row>
    </Container>
  );
}
