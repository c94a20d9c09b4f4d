import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCloseDump } from '../api/close-dump.ts';
import { useDumpPopup } from '../api/get-dump-popup.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';

/** The spec shows a roaster's request only 60 s after it is first seen here. */
const SHOW_AFTER_MS = 60_000;

/**
 * The ids of the requests first seen at least delayMs ago. First sightings are kept per tab,
 * so a request already waiting when the screen opens also gets its grace period.
 */
function useDueAfter(ids: readonly number[], delayMs: number): number[] {
  const [firstSeen] = useState(() => new Map<number, number>());
  const [due, setDue] = useState<number[]>([]);
  const key = ids.join(',');

  useEffect(() => {
    const current = key === '' ? [] : key.split(',').map(Number);
    const now = Date.now();
    for (const id of current) if (!firstSeen.has(id)) firstSeen.set(id, now);
    for (const id of [...firstSeen.keys()]) if (!current.includes(id)) firstSeen.delete(id);
    const check = () =>
      setDue(current.filter((id) => (firstSeen.get(id) ?? Date.now()) + delayMs <= Date.now()));
    const waits = current.map((id) => (firstSeen.get(id) ?? now) + delayMs - now);
    const timers = [0, ...waits.filter((wait) => wait > 0)].map((wait) =>
      window.setTimeout(check, wait),
    );
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [key, delayMs, firstSeen]);

  return due;
}

/** A roaster's dump request, shown to the operator a minute after it appears; Ok closes it. */
export function RoasterDumpPopup() {
  const popup = useDumpPopup();
  const closing = useCloseDump();
  const { notification } = useFeedback();
  const requests = popup.data ?? [];
  const due = useDueAfter(
    requests.map((request) => request.id),
    SHOW_AFTER_MS,
  );
  const shown = requests.find((request) => due.includes(request.id));

  const close = () => {
    if (!shown) return;
    closing.mutate(shown.id, {
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });
  };

  return (
    <Modal
      open={shown !== undefined}
      title="Roaster dump request"
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" size="large" autoFocus loading={closing.isPending} onClick={close}>
          Ok
        </Button>
      }
    >
      {shown ? (
        <Typography.Paragraph>
          {shown.device_name} asks for {formatLbs(shown.amount)} of {shown.bean_name} (lot{' '}
          {shown.lot_number}).
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}
