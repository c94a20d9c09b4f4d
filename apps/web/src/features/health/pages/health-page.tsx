import { Link } from 'react-router';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { useServices } from '../api/get-services.ts';
import { ServiceStatusTag } from '../components/service-status.tsx';
import styles from '../components/health.module.css';

/** System Monitor: one card per service of the console, each leading to its detail. */
export function HealthPage() {
  const services = useServices();
  return (
    <>
      <PageHeader
        title="System Monitor"
        subtitle="The console's own services: whether each runs, its log, and starting or stopping it."
      />
      {services.data ? (
        <div className={styles.grid}>
          {services.data.map((service) => (
            <Link
              key={service.id}
              to={paths.admin.healthDetail.getHref(service.id)}
              className={styles.card}
              aria-label={`${service.name}: ${service.status === 'running' ? 'Running' : 'Not Running'}`}
            >
              <Card
                hoverable
                title={service.name}
                extra={<ServiceStatusTag status={service.status} />}
              >
                <Typography.Paragraph type="secondary">{service.health}</Typography.Paragraph>
                {service.locked ? (
                  <Typography.Text type="secondary">{service.locked}</Typography.Text>
                ) : null}
              </Card>
            </Link>
          ))}
        </div>
      ) : services.isError ? (
        <LoadError
          error={services.error}
          retrying={services.isFetching}
          onRetry={() => void services.refetch()}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      )}
    </>
  );
}
