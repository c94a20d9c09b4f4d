import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ReportChart, type ChartOption } from '../../../components/report-chart.tsx';
import { toCsv, type CsvCell } from '../../../lib/csv.ts';
import styles from './report-section.module.css';

/** One column of a report: the table shows render (or the value), the export the value. */
export interface ReportColumn<Row> {
  key: string;
  title: string;
  value: (row: Row) => CsvCell;
  render?: (row: Row) => ReactNode;
  align?: 'right';
}

interface ReportSectionProps<Row> {
  title: string;
  query: UseQueryResult<unknown>;
  rows: readonly Row[] | undefined;
  columns: readonly ReportColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The export's file name, without extension. */
  fileName: string;
  chart?: { option: ChartOption; label: string } | undefined;
  /** A table too wide to sit beside its chart: the chart goes above it, at full width. */
  wide?: boolean;
  children?: ReactNode;
}

/**
 * A report's figures: a chart beside its table, with the table's rows exportable as CSV and as
 * a workbook; a skeleton until the first answer, the load error with a retry when there is none.
 */
export function ReportSection<Row>({
  title,
  query,
  rows,
  columns,
  rowKey,
  fileName,
  chart,
  wide = false,
  children,
}: ReportSectionProps<Row>) {
  const body = () => {
    if (query.isError && !query.data) {
      return (
        <LoadError
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      );
    }
    if (!rows) return <Skeleton active title={false} paragraph={{ rows: 5 }} />;
    if (rows.length === 0) {
      return <EmptyState description="Nothing was booked in this period." />;
    }
    return (
      <div className={chart ? (wide ? styles.stacked : styles.split) : undefined}>
        {chart ? <ReportChart option={chart.option} label={chart.label} /> : null}
        <div className={styles.table}>
          <Table<Row>
            size="small"
            rowKey={rowKey}
            dataSource={[...rows]}
            pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            columns={columns.map((c) => ({
              key: c.key,
              title: c.title,
              align: c.align,
              render: (_: unknown, row: Row) => c.render?.(row) ?? c.value(row),
            }))}
          />
        </div>
      </div>
    );
  };
  return (
    <Card
      title={title}
      className={styles.card}
      extra={
        <ExportButtons
          fileName={fileName}
          disabled={!rows || rows.length === 0}
          csv={() =>
            toCsv(
              columns.map((c) => ({ header: c.title, value: c.value })),
              rows ?? [],
            )
          }
          tables={() => [
            {
              name: title,
              columns: columns.map((c) => c.title),
              rows: (rows ?? []).map((row) => columns.map((c) => c.value(row))),
            },
          ]}
        />
      }
    >
      {children}
      {body()}
    </Card>
  );
}
