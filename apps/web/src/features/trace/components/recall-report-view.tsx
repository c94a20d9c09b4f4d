import Descriptions from 'antd/es/descriptions';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { RecallReport } from '@roastery/contract';
import type { CsvCell } from '../../../lib/csv.ts';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { recallCsv, recallSections, recallTables, recallTitle } from '../lib/recall-sections.ts';
import styles from './trace-view.module.css';

/** The recall report an inspector is handed: who received it, from which batches and lots. */
export function RecallReportView({ report }: { report: RecallReport }) {
  const fileName = `recall-${report.direction}-${report.subject}`;
  return (
    <div className={styles.stack}>
      <div className={styles.recallHead}>
        <Typography.Title level={4}>{recallTitle(report)}</Typography.Title>
        <ExportButtons
          subject="recall"
          fileName={fileName}
          csv={() => recallCsv(report)}
          tables={() => recallTables(report)}
        />
      </div>
      {report.bean_name ? (
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="Bean">{report.bean_name}</Descriptions.Item>
          <Descriptions.Item label="Received">{formatLbs(report.received)}</Descriptions.Item>
        </Descriptions>
      ) : null}
      {recallSections(report).map((section) => (
        <section key={section.title} aria-label={section.title}>
          <Typography.Title level={5}>{section.title}</Typography.Title>
          <Table
            size="small"
            rowKey={(row) => row.key}
            dataSource={section.cells.map((cells, i) => ({ key: String(i), cells }))}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'None' }}
            columns={section.headers.map((header, i) => ({
              key: header,
              title: header,
              render: (_: unknown, row: { cells: CsvCell[] }) => row.cells[i],
            }))}
          />
        </section>
      ))}
    </div>
  );
}
