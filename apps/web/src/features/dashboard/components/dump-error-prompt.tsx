import { Fragment } from 'react';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import type { DumpError } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAnswerDumpError, type DumpErrorAnswer } from '../api/answer-dump-error.ts';
import { failedDumpText } from '../lib/prompt-texts.ts';
import styles from './dashboard-popups.module.css';
import { PromptModal } from '../../../components/prompt-modal.tsx';

type Answer = DumpErrorAnswer['type'];

const answers: { type: Answer; label: string; explanation: string; done: string }[] = [
  {
    type: 'N',
    label: 'New dump',
    explanation: 'Books what went in and asks for a new dump of the rest.',
    done: 'booked; a new dump of the rest is requested',
  },
  {
    type: 'B',
    label: 'Bag off',
    explanation: 'Books what went in and ends the dump; the rest stays in bags.',
    done: 'booked and ended',
  },
  {
    type: 'C',
    label: 'Continue',
    explanation: 'Runs the dumping workflow again.',
    done: 'runs again',
  },
];

interface DumpErrorPromptProps {
  dump: DumpError;
}

/** A dump whose dumping workflow did not finish: how far it got, and what to do with the rest. */
export function DumpErrorPrompt({ dump }: DumpErrorPromptProps) {
  const answer = useAnswerDumpError();
  const { message, notification } = useFeedback();

  // Awaited rather than given callbacks: the answered prompt leaves the list and this dialog
  // unmounts before mutate's own callbacks would run.
  const send = async (type: Answer, done: string) => {
    try {
      await answer.mutateAsync({ dump_id: dump.id, type });
      void message.success(`Dump ${dump.lot_number} ${done}`);
    } catch (error) {
      notification.error({ title: 'Error', description: errorMessage(error) });
    }
  };

  return (
    <PromptModal
      title="Dump did not finish"
      footer={
        <div className={styles.footer}>
          {answers.map(({ type, label, done }) => (
            <Button
              key={type}
              type={type === 'C' ? 'primary' : 'default'}
              size="large"
              loading={answer.isPending && answer.variables.type === type}
              disabled={answer.isPending}
              onClick={() => void send(type, done)}
            >
              {label}
            </Button>
          ))}
        </div>
      }
    >
      <Typography.Paragraph>{failedDumpText(dump)}</Typography.Paragraph>
      {dump.error ? <Typography.Paragraph type="danger">{dump.error}</Typography.Paragraph> : null}
      <dl className={styles.choices}>
        {answers.map(({ type, label, explanation }) => (
          <Fragment key={type}>
            <dt>{label}</dt>
            <dd>{explanation}</dd>
          </Fragment>
        ))}
      </dl>
    </PromptModal>
  );
}
