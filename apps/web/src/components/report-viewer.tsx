import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useReportView } from '../lib/admin-report-queries.ts';
import { toCsv, type CsvCell } from '../lib/csv.ts';
import { reportCell, type ReportValue } from '../lib/report-cell.ts';
import { DateText } from './date-text.tsx';
import { EmptyState } from './empty-state.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { LoadError } from './load-error.tsx';
import styles from './report-viewer.module.css';

/**
 * One administrator's report: Metabase's embedded question in a frame, or the rows of its SQL
 * in a table, its numbers and times shown for people and exported as they came. Report
 * Settings previews it; the reports screen shows it on its Other tab.
 */
export function ReportViewer({ id }: { id: number }) {
  const view = useReportView(id);
  if (view.isError && !view.data) {
    return (
      <LoadError
        error={view.error}
        retrying={view.isFetching}
        onRetry={() => void view.refetch()}
      />
    );
  }
  if (!view.data) return <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  const report = view.data;
  if (report.kind === 'metabase') {
    return <iframe title={report.title} src={report.url} className={styles.frame} />;
  }
  // Exported as the table shows them: yes/no values as the words true and false.
  const cellsOf = (row: (typeof report.rows)[number]): CsvCell[] =>
    report.columns.map((column) => {
      const value = row[column] ?? null;
      return typeof value === 'boolean' ? String(value) : value;
    });
  return (
    <>
      <div className={styles.exports}>
        <ExportButtons
          fileName={report.title}
          disabled={report.rows.length === 0}
          csv={() =>
            toCsv(
              report.columns.map((header, i) => ({
                header,
                value: (cells: CsvCell[]) => cells[i],
              })),
              report.rows.map(cellsOf),
            )
          }
          tables={() => [
            { name: report.title, columns: report.columns, rows: report.rows.map(cellsOf) },
          ]}
        />
      </div>
      <Table
        rowKey="__row"
        size="small"
        dataSource={report.rows.map((row, index) => ({ ...row, __row: index }))}
        columns={report.columns.map((column) => ({
          title: column,
          dataIndex: column,
          key: column,
          align: report.rows.some((row) => typeof row[column] === 'number') ? 'right' : undefined,
          render: (value: ReportValue | undefined) => {
            const cell = reportCell(column, value ?? null);
            return cell.kind === 'time' ? (
              <DateText value={cell.value} style="spelledTime" />
            ) : (
              cell.text
            );
          },
        }))}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState description="The report's query returned no rows." /> }}
      />
      {report.truncated ? (
        <Typography.Text type="secondary">
          The first {report.rows.length.toLocaleString()} rows are shown: narrow the query to see
          the rest.
        </Typography.Text>
      ) : null}
    </>
  );
}
