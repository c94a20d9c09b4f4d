import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import type { WaitingDump } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useRemindDump } from '../api/remind-dump.ts';
import { waitingDumpText } from '../lib/prompt-texts.ts';
import styles from './dashboard-popups.module.css';

interface DumpReminderPromptProps {
  dump: WaitingDump;
  /** Hides this request in this tab until it changes. */
  onLater: (dump: WaitingDump) => void;
}

/** A dump request nobody has acted on: remind the operators, or look again later. */
export function DumpReminderPrompt({ dump, onLater }: DumpReminderPromptProps) {
  const reminding = useRemindDump();
  const { message, notification } = useFeedback();

  // Awaited rather than given callbacks: the reminded request leaves the list and this dialog
  // unmounts before mutate's own callbacks would run.
  const remind = async () => {
    try {
      await reminding.mutateAsync(dump.id);
      void message.success(`Operators reminded of dump ${dump.lot_number}`);
    } catch (error) {
      notification.error({ title: 'Error', description: errorMessage(error) });
    }
  };

  return (
    <Modal
      open
      title="Dump request waiting"
      closable={false}
      maskClosable={false}
      onCancel={() => onLater(dump)}
      footer={
        <div className={styles.footer}>
          <Button size="large" disabled={reminding.isPending} onClick={() => onLater(dump)}>
            Later
          </Button>
          <Button
            type="primary"
            size="large"
            autoFocus
            loading={reminding.isPending}
            onClick={() => void remind()}
          >
            Remind operators
          </Button>
        </div>
      }
    >
      <Typography.Paragraph>{waitingDumpText(dump)}</Typography.Paragraph>
    </Modal>
  );
}
