import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAcknowledgeByLink, useAlarmAckLink } from '../api/alarm-ack-link.ts';

/** The page an alarm message links to: shows the alarm, and acknowledges it on confirmation. */
export function AlarmAckPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useAlarmAckLink(token);
  const acknowledge = useAcknowledgeByLink();

  let content;
  if (!token) {
    content = <Result status="warning" title="This link has no token." />;
  } else if (acknowledge.isSuccess) {
    content = (
      <Result status="success" title="Alarm acknowledged" subTitle={acknowledge.data.text} />
    );
  } else if (link.isPending) {
    content = <Skeleton active />;
  } else if (link.isError) {
    content = <Result status="warning" title={errorMessage(link.error)} />;
  } else {
    content = (
      <>
        <Descriptions
          column={1}
          items={[
            { key: 'text', label: 'Alarm', children: link.data.text },
            { key: 'state', label: 'State', children: link.data.state },
            { key: 'user', label: 'Acknowledge as', children: link.data.user_name },
            {
              key: 'expires',
              label: 'Link valid until',
              children: new Date(link.data.expires_at).toLocaleString(),
            },
          ]}
        />
        {acknowledge.isError ? (
          <Alert type="error" title={errorMessage(acknowledge.error)} style={{ marginTop: 16 }} />
        ) : null}
        <Button
          type="primary"
          style={{ marginTop: 16 }}
          loading={acknowledge.isPending}
          onClick={() => acknowledge.mutate(token)}
        >
          Acknowledge
        </Button>
      </>
    );
  }
  return (
    <main style={{ maxWidth: 560, margin: '48px auto', padding: '0 16px' }}>
      <Card title={<h1 style={{ margin: 0, fontSize: 20 }}>Acknowledge alarm</h1>}>{content}</Card>
    </main>
  );
}
