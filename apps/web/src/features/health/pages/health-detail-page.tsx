import { Link, useParams } from 'react-router';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { ArrowLeftOutlined, PlayCircleOutlined, PoweroffOutlined } from '@ant-design/icons';
import type { HealthDetail, ServiceLogLine } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { useExecuteService } from '../api/execute-service.ts';
import { useService } from '../api/get-services.ts';
import { ServiceStatusTag } from '../components/service-status.tsx';
import styles from '../components/health.module.css';

dayjs.extend(relativeTime);

function StartStop({ service }: { service: HealthDetail }) {
  const execute = useExecuteService();
  const { message, notification } = useFeedback();
  if (service.locked) return <Typography.Text type="secondary">{service.locked}</Typography.Text>;
  const stop = service.status === 'running';
  const label = stop ? 'STOP INSTANCE' : 'START INSTANCE';
  return (
    <Popconfirm
      title={stop ? `Stop ${service.name}?` : `Start ${service.name}?`}
      description={
        stop
          ? 'It stays stopped until someone starts it again.'
          : 'It starts at once and takes up its work.'
      }
      okText={stop ? 'Stop' : 'Start'}
      okButtonProps={{ danger: stop }}
      onConfirm={() =>
        execute.mutate(
          { type: stop ? 'stop' : 'start', container: service.id },
          {
            onSuccess: (s) => void message.success(`${s.name} ${stop ? 'stopped' : 'started'}`),
            onError: (error) =>
              notification.error({ title: 'Error', description: errorMessage(error) }),
          },
        )
      }
    >
      <Button
        type="primary"
        danger={stop}
        icon={stop ? <PoweroffOutlined /> : <PlayCircleOutlined />}
        loading={execute.isPending}
      >
        {label}
      </Button>
    </Popconfirm>
  );
}

/** One service: its state, when it last changed, and its recent log, refreshed every 2 s. */
export function HealthDetailPage() {
  const { id = '' } = useParams();
  const service = useService(id);
  const data = service.data;
  return (
    <>
      <Link to={paths.admin.health.getHref()} className={styles.back}>
        <ArrowLeftOutlined /> Back to System Monitor
      </Link>
      <PageHeader
        title={data?.name ?? 'Service'}
        actions={data ? <StartStop service={data} /> : null}
      />
      {data ? (
        <>
          <Card className={styles.facts}>
            <Descriptions column={{ xs: 1, sm: 2, md: 3 }}>
              <Descriptions.Item label="Instance name">{data.name}</Descriptions.Item>
              <Descriptions.Item label="Status">
                <ServiceStatusTag status={data.status} />
              </Descriptions.Item>
              <Descriptions.Item label="Last updated">
                <span title={formatNotificationTime(data.since)}>
                  {dayjs(data.since).fromNow()}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label="Health">{data.health}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title="Logs">
            <Table<ServiceLogLine & { key: number }>
              rowKey="key"
              size="small"
              dataSource={data.logs.map((line, key) => ({ ...line, key }))}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: <EmptyState description="Nothing logged since the server started." />,
              }}
              columns={[
                { title: 'Message', dataIndex: 'message', key: 'message' },
                {
                  title: 'Time',
                  dataIndex: 'timestamp',
                  key: 'time',
                  width: 170,
                  render: (time: string) => formatNotificationTime(time),
                },
              ]}
            />
          </Card>
        </>
      ) : service.isError ? (
        <LoadError
          error={service.error}
          retrying={service.isFetching}
          onRetry={() => void service.refetch()}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      )}
    </>
  );
}
