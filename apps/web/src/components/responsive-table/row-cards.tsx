import { useState, type Key, type ReactNode } from 'react';
import Checkbox from 'antd/es/checkbox';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import type { TablePaginationConfig } from 'antd/es/table';
import { cardParts, type ResponsiveColumn, type RowActions, type RowSelection } from './columns.ts';
import styles from './responsive-table.module.css';

export interface RowCardsProps<Row> {
  /** Names the list for a screen reader, e.g. 'Pending orders'. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  columns: readonly ResponsiveColumn<Row>[];
  actions?: RowActions<Row>;
  selection?: RowSelection<Row>;
  /** As a table's: the server's pages when it gives a total, else ten rows a page here. */
  pagination: TablePaginationConfig | false;
  empty: ReactNode;
  loading: boolean;
}

const DEFAULT_PAGE_SIZE = 10;

/**
 * A table's rows as cards, for a phone: a table squeezed into 390 px shows a few cut columns and
 * its actions push what the row is about out of sight. Each card leads with what the row is
 * (its identity columns), then each other value under its column's name, then its checkbox and
 * buttons.
 */
export function RowCards<Row>({
  label,
  rows,
  rowKey,
  columns,
  actions,
  selection,
  pagination,
  empty,
  loading,
}: RowCardsProps<Row>) {
  const [localPage, setLocalPage] = useState(1);
  const { head, fields } = cardParts(columns);
  const pageSize = (pagination && pagination.pageSize) || DEFAULT_PAGE_SIZE;
  // Without a total the rows are all there is, paged here.
  const serverPaged = pagination !== false && pagination.total !== undefined;
  const total = serverPaged ? (pagination.total ?? 0) : rows.length;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // A shorter list (a refetch, a filter) may end before the page last chosen.
  const current = Math.min((pagination && pagination.current) || localPage, pages);
  const shown =
    pagination === false || serverPaged
      ? rows
      : rows.slice((current - 1) * pageSize, current * pageSize);

  if (rows.length === 0 && !loading) return <>{empty}</>;
  return (
    <Spin spinning={loading}>
      <ul className={styles.cards} aria-label={label}>
        {shown.map((row) => {
          const key = rowKey(row);
          const ticked = selection?.selected.includes(key) ?? false;
          return (
            <li key={key} className={ticked ? `${styles.card} ${styles.cardTicked}` : styles.card}>
              <div className={styles.cardHead}>
                {head.map((column) => (
                  <span key={column.key} className={styles.cardHeadPart}>
                    {column.render(row)}
                  </span>
                ))}
              </div>
              <dl className={styles.fields}>
                {fields.map((column) => (
                  <div key={column.key} className={styles.field}>
                    <dt>{column.title}</dt>
                    <dd>{column.render(row)}</dd>
                  </div>
                ))}
              </dl>
              {selection || actions ? (
                <div className={styles.cardActions}>
                  {selection ? (
                    <Checkbox
                      className={styles.cardCheck}
                      aria-label={selection.name(row)}
                      checked={ticked}
                      onChange={(event) =>
                        selection.onChange(
                          event.target.checked
                            ? [...selection.selected, key]
                            : selection.selected.filter((k) => k !== key),
                        )
                      }
                    >
                      {selection.label}
                    </Checkbox>
                  ) : null}
                  {actions?.render(row)}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {pagination === false ? null : (
        <Pagination
          className={styles.pagination}
          simple
          hideOnSinglePage={pagination.hideOnSinglePage}
          current={current}
          pageSize={pageSize}
          total={total}
          onChange={(page, size) => {
            setLocalPage(page);
            pagination.onChange?.(page, size);
          }}
        />
      )}
    </Spin>
  );
}
