import { useState } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import {
  ROAST_EVENT_NAMES,
  type RoastEventName,
  type RoastRecord,
  type RoastRecordMarksBody,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { roastEventLabels, roastEventText } from '../../../lib/roast-curve-option.ts';
import { formatRoastTime } from '../../../lib/roast-time.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { useSaveMarks } from '../api/save-roast-record.ts';
import { parseMarkTime } from '../lib/mark-time.ts';
import styles from './roast-record.module.css';

const sourceLabels = { curve: 'from the curve', sensor: 'crack detector', operator: 'marked' };

interface EventMarksProps {
  record: RoastRecord;
  /** The time picked on the chart, seconds after charge. */
  picked: number | null;
  onPick: (t_s: number | null) => void;
}

/**
 * The roast's events, and a button for each that marks it at the time picked on the chart or
 * typed in, as Artisan's event buttons do; a mark replaces what the curve said until cleared.
 */
export function EventMarks({ record, picked, onPick }: EventMarksProps) {
  const [typed, setTyped] = useState('');
  const save = useSaveMarks();
  const unit = useTemperatureUnit();
  const { message, notification } = useFeedback();
  // A time picked on the chart shows in the field; one typed there is the picked time.
  const [shown, setShown] = useState(picked);
  if (picked !== shown) {
    setShown(picked);
    setTyped(picked === null ? '' : formatRoastTime(picked));
  }

  const send = (marks: RoastRecordMarksBody, done: string) =>
    save.mutate(
      { id: record.id, body: marks },
      {
        onSuccess: () => void message.success(done),
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );
  const mark = (name: RoastEventName) => {
    if (picked === null) return;
    send({ ...record.marks, [name]: picked }, `${roastEventLabels[name]} marked at ${typed}`);
  };
  const clear = (name: RoastEventName) => {
    const { [name]: _cleared, ...rest } = record.marks;
    send(rest, `${roastEventLabels[name]} mark cleared`);
  };

  return (
    <div className={styles.stack}>
      <div className={styles.pick}>
        <label htmlFor="mark-time">Time after charge</label>
        <Input
          id="mark-time"
          className={styles.time}
          placeholder="m:ss"
          value={typed}
          status={typed && parseMarkTime(typed) === undefined ? 'error' : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            const seconds = parseMarkTime(event.target.value);
            if (seconds !== undefined) onPick(seconds);
          }}
        />
        <span className={styles.hint}>or click the chart</span>
      </div>
      <div className={styles.markButtons}>
        {ROAST_EVENT_NAMES.map((name) => (
          <Button
            key={name}
            disabled={picked === null}
            loading={save.isPending && save.variables.body[name] === picked}
            onClick={() => mark(name)}
          >
            {roastEventLabels[name]}
          </Button>
        ))}
      </div>
      <ul className={styles.events} aria-label="Events">
        {ROAST_EVENT_NAMES.map((name) => {
          const event = record.events[name];
          return (
            <li key={name}>
              <span className={styles.eventName}>{roastEventLabels[name]}</span>
              <span>{event ? roastEventText(event, unit) : 'Not seen'}</span>
              {event ? <Tag>{sourceLabels[event.source]}</Tag> : null}
              {record.marks[name] !== undefined ? (
                <Button size="small" type="link" onClick={() => clear(name)}>
                  Clear mark
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
