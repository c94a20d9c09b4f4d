import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { DownloadOutlined } from '@ant-design/icons';
import {
  recallSectionKeys,
  recallSectionLabels,
  recallStartLabels,
  type MockRecall,
  type RecallExportFormat,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { useDownloadRecall } from '../api/download-recall.ts';
import { RecallCustomersTable } from './recall-customers-table.tsx';
import { RecallRecordsTable } from './recall-records-table.tsx';
import styles from './recall.module.css';

const formats: [RecallExportFormat, string][] = [
  ['xlsx', 'Download XLSX'],
  ['csv', 'Download CSV'],
  ['pdf', 'Download PDF'],
];

/** A recall as a person reads it: who to call first, then the records, then the files. */
export function RecallResult({ recall }: { recall: MockRecall }) {
  const download = useDownloadRecall();
  const { notification } = useFeedback();
  const start = { kind: recall.start.kind, key: recall.start.key };
  const packed = recall.customers.reduce((sum, c) => sum + c.lbs * 100, 0) / 100;
  return (
    <div className={styles.stack}>
      <div className={styles.head}>
        <Typography.Title level={4}>
          {recallStartLabels[recall.start.kind]} {recall.start.label}
        </Typography.Title>
        <div className={styles.downloads}>
          {formats.map(([format, label]) => (
            <Button
              key={format}
              icon={<DownloadOutlined />}
              loading={download.isPending && download.variables.format === format}
              onClick={() =>
                download.mutate(
                  { start, format },
                  {
                    onError: (error) =>
                      notification.error({
                        title: 'Download failed',
                        description: errorMessage(error),
                      }),
                  },
                )
              }
            >
              {label}
            </Button>
          ))}
        </div>
      </div>
      <Descriptions bordered size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label="Query time">{recall.query_ms} ms</Descriptions.Item>
        <Descriptions.Item label="Searched">
          {formatNotificationTime(recall.searched_at)} by {recall.searched_by}
        </Descriptions.Item>
        <Descriptions.Item label="Lots in the chain">{recall.lots.length}</Descriptions.Item>
        <Descriptions.Item label="Customers affected">{recall.customers.length}</Descriptions.Item>
        <Descriptions.Item label="Packed for them">{formatLbs(packed)}</Descriptions.Item>
      </Descriptions>
      <section aria-label="Customers affected">
        <Typography.Title level={5}>Customers affected</Typography.Title>
        <RecallCustomersTable customers={recall.customers} />
      </section>
      <Tabs
        items={recallSectionKeys.map((key) => ({
          key,
          label: `${recallSectionLabels[key]} (${recall[key].length})`,
          children: <RecallRecordsTable records={recall[key]} label={recallSectionLabels[key]} />,
        }))}
      />
    </div>
  );
}
