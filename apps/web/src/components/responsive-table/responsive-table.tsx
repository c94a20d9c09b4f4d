import type { Key, ReactNode } from 'react';
import Table, { type ColumnsType, type TablePaginationConfig } from 'antd/es/table';
import { usePhoneWidth } from '../../lib/use-phone-width.ts';
import {
  SELECTION_WIDTH,
  tableMinWidth,
  type ResponsiveColumn,
  type RowActions,
  type RowSelection,
} from './columns.ts';
import { RowCards } from './row-cards.tsx';
import { RowLayoutContext } from './row-layout.ts';
import styles from './responsive-table.module.css';

export interface ResponsiveTableProps<Row> {
  /** Names the list of cards for a screen reader, e.g. 'Pending orders'. */
  label: string;
  rows: Row[];
  rowKey: (row: Row) => Key;
  columns: readonly ResponsiveColumn<Row>[];
  actions?: RowActions<Row>;
  selection?: RowSelection<Row>;
  /** antd's; the cards page the same way (the server's pages when it gives a total). */
  pagination?: TablePaginationConfig | false;
  /** What shows when there are no rows. */
  empty: ReactNode;
  loading?: boolean;
}

function tableColumns<Row>(
  columns: readonly ResponsiveColumn<Row>[],
  actions: RowActions<Row> | undefined,
): ColumnsType<Row> {
  const shown: ColumnsType<Row> = columns
    .filter((column) => column.only !== 'card')
    .map((column) => ({
      key: column.key,
      title: column.title,
      width: column.width,
      align: column.align,
      fixed: column.identity ? 'start' : undefined,
      render: (_value: unknown, row: Row) => column.render(row),
    }));
  if (!actions) return shown;
  return [
    ...shown,
    {
      key: 'actions',
      title: actions.title,
      width: actions.width,
      fixed: 'end',
      render: (_value: unknown, row: Row) => (
        <div className={styles.tableActions}>{actions.render(row)}</div>
      ),
    },
  ];
}

/**
 * A list of rows that reads at every width. On a wide screen, a table whose columns have set
 * widths, long free text cut with a tooltip and actions as icons, so that it fits a 1366 px screen
 * whole; narrower, it scrolls sideways with what each row is held at the left and its actions at
 * the right, neither covering the other. On a phone, one card per row.
 */
export function ResponsiveTable<Row>({
  label,
  rows,
  rowKey,
  columns,
  actions,
  selection,
  pagination = { pageSize: 10, hideOnSinglePage: true },
  empty,
  loading = false,
}: ResponsiveTableProps<Row>) {
  const phone = usePhoneWidth();
  if (phone) {
    return (
      <RowLayoutContext value="card">
        <RowCards
          label={label}
          rows={rows}
          rowKey={rowKey}
          columns={columns}
          actions={actions}
          selection={selection}
          pagination={pagination}
          empty={empty}
          loading={loading}
        />
      </RowLayoutContext>
    );
  }
  return (
    <RowLayoutContext value="table">
      <Table<Row>
        rowKey={rowKey}
        size="middle"
        tableLayout="fixed"
        columns={tableColumns(columns, actions)}
        dataSource={rows}
        loading={loading}
        scroll={{ x: tableMinWidth(columns, actions, selection) }}
        className={styles.table}
        rowSelection={
          selection && {
            // No select-all: acting on every row listed at once is not what ticking is for, and
            // its checkbox would sit in the table's hidden measuring row too.
            hideSelectAll: true,
            columnWidth: SELECTION_WIDTH,
            selectedRowKeys: [...selection.selected],
            preserveSelectedRowKeys: true,
            onChange: (keys) => selection.onChange(keys),
            getCheckboxProps: (row) => ({ 'aria-label': selection.name(row) }),
          }
        }
        locale={{ emptyText: empty }}
        pagination={pagination}
      />
    </RowLayoutContext>
  );
}
