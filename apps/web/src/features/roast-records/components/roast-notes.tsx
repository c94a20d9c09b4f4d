import { useState } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import type { RoastRecord } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSaveNotes } from '../api/save-roast-record.ts';
import styles from './roast-record.module.css';

const NOTES_MAX = 2_000;

/** The operator's notes on the roast: anyone at the roaster writes them, and saves them here. */
export function RoastNotes({ record }: { record: RoastRecord }) {
  const [notes, setNotes] = useState(record.notes);
  const save = useSaveNotes();
  const { message, notification } = useFeedback();
  const changed = notes.trim() !== record.notes;
  return (
    <div className={styles.stack}>
      <Input.TextArea
        aria-label="Notes"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        maxLength={NOTES_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 10 }}
        placeholder="What the roaster saw: the beans, the weather, what was changed and why."
      />
      <div className={styles.actions}>
        <Button
          type="primary"
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: record.id, body: { notes } },
              {
                onSuccess: (saved) => {
                  setNotes(saved.notes);
                  void message.success('Notes saved');
                },
                onError: (error) =>
                  notification.error({ title: 'Error', description: errorMessage(error) }),
              },
            )
          }
        >
          Save notes
        </Button>
      </div>
    </div>
  );
}
