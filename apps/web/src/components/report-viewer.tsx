import type { ReactNode } from 'react';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useReportView } from '../lib/admin-report-queries.ts';
import { toCsv, type CsvCell } from '../lib/csv.ts';
import { reportCell, type ReportValue } from '../lib/report-cell.ts';
import { usePhoneWidth } from '../lib/use-phone-width.ts';
import { DateText } from './date-text.tsx';
import { EmptyState } from './empty-state.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { LoadError } from './load-error.tsx';
import { RowCards } from './responsive-table/row-cards.tsx';
import styles from './report-viewer.module.css';

const PAGE_SIZE = 20;

/** A row of the query's answer, numbered for React's key. */
type ReportRow = Record<string, ReportValue> & { __row: number };

/** A value as people read it: a weight with its unit, a moment with its month spelled. */
function cellNode(column: string, value: ReportValue | undefined): ReactNode {
  const cell = reportCell(column, value ?? null);
  return cell.kind === 'time' ? <DateText value={cell.value} style="spelledTime" /> : cell.text;
}

/**
 * One administrator's report: Metabase's embedded question in a frame, or the rows of its SQL
 * in a table, its numbers and times shown for people and exported as they came. Report
 * Settings previews it; the reports screen shows it on its Other tab.
 */
export function ReportViewer({ id }: { id: number }) {
  const view = useReportView(id);
  const phone = usePhoneWidth();
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
  const rows: ReportRow[] = report.rows.map((row, index) => ({ ...row, __row: index }));
  const empty = <EmptyState description="The report's query returned no rows." />;
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
      {phone ? (
        <RowCards<ReportRow>
          label={report.title}
          rows={rows}
          rowKey={(row) => row.__row}
          columns={report.columns.map((column, index) => ({
            key: column,
            title: column,
            identity: index === 0,
            render: (row) => cellNode(column, row[column]),
          }))}
          pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true }}
          empty={empty}
          loading={false}
        />
      ) : (
        <Table<ReportRow>
          rowKey="__row"
          size="small"
          dataSource={rows}
          columns={report.columns.map((column) => ({
            title: column,
            dataIndex: column,
            key: column,
            align: report.rows.some((row) => typeof row[column] === 'number') ? 'right' : undefined,
            render: (value: ReportValue | undefined) => cellNode(column, value),
          }))}
          pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true }}
          // The columns share the width, headings wrapping; it scrolls only when that is too wide.
          scroll={{ x: true }}
          locale={{ emptyText: empty }}
        />
      )}
      {report.truncated ? (
        <Typography.Text type="secondary">
          The first {report.rows.length.toLocaleString()} rows are shown: narrow the query to see
          the rest.
        </Typography.Text>
      ) : null}
    </>
  );
}
