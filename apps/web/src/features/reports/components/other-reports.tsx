import { useState } from 'react';
import Card from 'antd/es/card';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ReportViewer } from '../../../components/report-viewer.tsx';
import { useAdminReports } from '../../../lib/admin-report-queries.ts';
import styles from './reports.module.css';

/**
 * The reports an administrator defines under Report Settings: pick one by its title and it
 * renders from GET /report/metabase?id (an embedded Metabase question or the rows of its SQL).
 */
export function OtherReports() {
  const reports = useAdminReports();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  return (
    <Card>
      <QueryState query={reports}>
        {(list) => {
          if (list.length === 0) {
            return (
              <EmptyState description="Reports an administrator adds under Report Settings appear here." />
            );
          }
          const id = chosen ?? list[0]?.id;
          const report = list.find((r) => r.id === id);
          return (
            <>
              <Select
                aria-label="Report"
                className={styles.reportPicker}
                value={id}
                onChange={setChosen}
                options={list.map((r) => ({ value: r.id, label: r.title }))}
              />
              {report?.description ? (
                <Typography.Paragraph type="secondary">{report.description}</Typography.Paragraph>
              ) : null}
              {id === undefined ? null : <ReportViewer id={id} />}
            </>
          );
        }}
      </QueryState>
    </Card>
  );
}
