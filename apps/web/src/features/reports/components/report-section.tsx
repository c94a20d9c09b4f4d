import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Card from 'antd/es/card';
import ConfigProvider from 'antd/es/config-provider';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ReportChart, type ChartOption } from '../../../components/report-chart.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { RowCards } from '../../../components/responsive-table/row-cards.tsx';
import { toCsv, type CsvCell } from '../../../lib/csv.ts';
import { usePhoneWidth } from '../../../lib/use-phone-width.ts';
import styles from './report-section.module.css';

const PAGE_SIZE = 10;

/** One column of a report: the table shows render (or the value), the export the value. */
export interface ReportColumn<Row> {
  key: string;
  title: string;
  value: (row: Row) => CsvCell;
  render?: (row: Row) => ReactNode;
  align?: 'right';
  /** Says what the row is (an order, a day and a product): the head of the row's card on a phone. */
  identity?: boolean;
  /** Exported only: the screen shows it elsewhere, beside the figures it explains. */
  exportOnly?: boolean;
  /** An identifier (an order number, a lot): kept on one line. */
  nowrap?: boolean;
  /**
   * The export's heading, where the table's says more than the value exported: a mean shown
   * with its spread.
   */
  exportTitle?: string;
}

const exportTitleOf = <Row,>(column: ReportColumn<Row>) => column.exportTitle ?? column.title;

/** Figures sit closer than antd's small table sets them: fifteen columns fit a 1366 px screen. */
const denseCells = { components: { Table: { cellPaddingInlineSM: 6 } } };

/** Beside its chart, a table has room for this many columns; a wider one goes under it. */
const COLUMNS_BESIDE_CHART = 6;

const cellOf =
  <Row,>(column: ReportColumn<Row>) =>
  (row: Row): ReactNode =>
    column.render?.(row) ?? column.value(row);

/** The report's columns as a card's parts: the identity columns (else the first) lead. */
function cardColumns<Row>(columns: readonly ReportColumn<Row>[]): ResponsiveColumn<Row>[] {
  const named = columns.some((c) => c.identity);
  return columns.map((column, index) => ({
    key: column.key,
    title: column.title,
    identity: named ? column.identity === true : index === 0,
    render: cellOf(column),
  }));
}

interface ReportSectionProps<Row> {
  title: string;
  query: UseQueryResult<unknown>;
  rows: readonly Row[] | undefined;
  columns: readonly ReportColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The export's file name, without extension. */
  fileName: string;
  /**
   * The chart, and the width below which it scrolls sideways rather than crowd its labels (one
   * per roast, say); without one it takes the room it is given.
   */
  chart?: { option: ChartOption; label: string; minWidth?: number } | undefined;
  /** What an empty period says; by default that nothing was booked. */
  empty?: string;
  children?: ReactNode;
}

/**
 * A report's figures: a chart beside its table (above it when the table has many columns), with
 * the table's rows exportable as CSV and as a workbook; a skeleton until the first answer, the
 * load error with a retry when there is none. The table's columns share its width, its headings
 * wrapping, so that it scrolls sideways only when even that is too wide; on a phone each row is a
 * card.
 */
export function ReportSection<Row>({
  title,
  query,
  rows,
  columns,
  rowKey,
  fileName,
  chart,
  empty = 'Nothing was booked in this period.',
  children,
}: ReportSectionProps<Row>) {
  const phone = usePhoneWidth();
  const shown = columns.filter((c) => !c.exportOnly);
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
      return <EmptyState description={empty} />;
    }
    const stacked = shown.length > COLUMNS_BESIDE_CHART;
    return (
      <div className={chart ? (stacked ? styles.stacked : styles.split) : undefined}>
        {chart?.minWidth ? (
          // Focusable, so that the chart can be scrolled from the keyboard too.
          <div
            className={styles.chartScroll}
            tabIndex={0}
            role="region"
            aria-label={`${chart.label}, scrolls sideways`}
          >
            <div style={{ minWidth: chart.minWidth }}>
              <ReportChart option={chart.option} label={chart.label} />
            </div>
          </div>
        ) : chart ? (
          <ReportChart option={chart.option} label={chart.label} />
        ) : null}
        <div className={styles.table}>
          {phone ? (
            <RowCards<Row>
              label={title}
              rows={rows}
              rowKey={rowKey}
              columns={cardColumns(shown)}
              pagination={{ pageSize: PAGE_SIZE, hideOnSinglePage: true }}
              empty={null}
              loading={false}
            />
          ) : (
            <ConfigProvider theme={denseCells}>
              <Table<Row>
                size="small"
                rowKey={rowKey}
                dataSource={[...rows]}
                pagination={
                  rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false
                }
                scroll={{ x: true }}
                columns={shown.map((c) => ({
                  key: c.key,
                  title: c.title,
                  align: c.align,
                  render: (_: unknown, row: Row) => cellOf(c)(row),
                  onCell: c.nowrap ? () => ({ className: styles.nowrap }) : undefined,
                }))}
              />
            </ConfigProvider>
          )}
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
              columns.map((c) => ({ header: exportTitleOf(c), value: c.value })),
              rows ?? [],
            )
          }
          tables={() => [
            {
              name: title,
              columns: columns.map(exportTitleOf),
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
