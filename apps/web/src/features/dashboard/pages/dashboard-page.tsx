import { Link } from 'react-router';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { RightOutlined } from '@ant-design/icons';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SiloOccupancy } from '../../../components/silo-occupancy.tsx';
import { paths } from '../../../config/paths.ts';
import { plantStages } from '../../../config/plant-stages.ts';
import { DashboardPopups } from '../components/dashboard-popups.tsx';
import styles from './dashboard-page.module.css';

/** The plant dashboard of administrators and supervisors, with the prompts the plant waits on. */
export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="The plant at a glance." />
      <Row gutter={[16, 16]} className={styles.stages}>
        {plantStages.map((stage, index) => (
          <Col key={stage} xs={12} lg={6}>
            <Link to={paths.devices.getHref({ tab: index })} className={styles.stage}>
              <span className={styles.stageIndex}>{String(index + 1).padStart(2, '0')}</span>
              <span className={styles.stageName}>{stage}</span>
              <RightOutlined className={styles.stageArrow} />
            </Link>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title="Order Flow">
            <EmptyState
              title="No system flow found. Please add a workflow."
              description="The flow of each active order through silos, roasters and bins will appear here."
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Silo Bins Occupancy">
            <SiloOccupancy />
          </Card>
        </Col>
      </Row>
      <DashboardPopups />
    </>
  );
}
