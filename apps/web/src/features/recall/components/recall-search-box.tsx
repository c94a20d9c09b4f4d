import { useEffect, useState } from 'react';
import AutoComplete from 'antd/es/auto-complete';
import Input from 'antd/es/input';
import {
  recallStartKinds,
  recallStartLabels,
  type MockRecallQuery,
  type RecallMatch,
} from '@roastery/contract';
import { useRecallSearch } from '../api/search-recall.ts';
import styles from './recall.module.css';

/** A suggestion's value: its kind and key, which the person picks as one. */
const valueOf = (m: RecallMatch) => `${m.kind}:${m.key}`;

/** A picked value back as a starting point; a key may hold ':' itself, a kind never does. */
function startOf(value: string): MockRecallQuery | undefined {
  const at = value.indexOf(':');
  const known = recallStartKinds.find((k) => k === value.slice(0, at));
  const key = value.slice(at + 1);
  return at > 0 && known && key ? { kind: known, key } : undefined;
}

/** Waits until typing pauses, so each keystroke does not ask the server. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * One box for every starting point: a lot code, a supplier's lot, an order number or a
 * customer. What matched is offered as the person types, grouped by what it is.
 */
export function RecallSearchBox({ onPick }: { onPick: (start: MockRecallQuery) => void }) {
  const [text, setText] = useState('');
  const settled = useSettled(text, 150);
  const matches = useRecallSearch(settled);
  const found = text.trim() ? (matches.data ?? []) : [];
  const options = recallStartKinds.flatMap((kind) => {
    const of = found.filter((m) => m.kind === kind);
    return of.length === 0
      ? []
      : [
          {
            label: recallStartLabels[kind],
            options: of.map((m) => ({
              value: valueOf(m),
              // What a pointer hovering it, and a test, find it by.
              title: m.label,
              label: (
                <span className={styles.option}>
                  <span>{m.label}</span>
                  <span className={styles.optionDetail}>{m.detail}</span>
                </span>
              ),
            })),
          },
        ];
  });
  const pick = (value: string) => {
    const start = startOf(value);
    if (!start) return;
    setText(found.find((m) => valueOf(m) === value)?.label ?? start.key);
    onPick(start);
  };
  return (
    <AutoComplete
      className={styles.search}
      value={text}
      options={options}
      onChange={(value: string) => setText(startOf(value) ? text : value)}
      onSelect={pick}
      notFoundContent={
        settled.trim() && matches.isSuccess && !matches.isPlaceholderData ? 'Nothing matches' : null
      }
    >
      <Input.Search
        aria-label="Lot code, supplier lot, order number or customer"
        placeholder="Lot code, supplier lot, order number or customer"
        enterButton="Recall"
        size="large"
        loading={matches.isFetching}
        allowClear
        // Enter without a pick takes the first match: under stress, type and go.
        onSearch={() => {
          const first = found[0];
          if (first) pick(valueOf(first));
        }}
      />
    </AutoComplete>
  );
}
