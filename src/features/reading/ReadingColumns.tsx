import { Col, Row } from 'antd';
import type { ReactNode } from 'react';

/** A reading page's grid: the piece itself, and beside it (below it on a phone) what else to read. */
export default function ReadingColumns({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={17}>
        {children}
      </Col>
      <Col xs={24} lg={7}>
        {aside}
      </Col>
    </Row>
  );
}
