import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import type { SiloPrompt } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { useAnswerSiloPrompt, type SiloPromptAnswer } from '../api/answer-silo-prompt.ts';
import { stalledTransferText } from '../lib/prompt-texts.ts';
import styles from './dashboard-popups.module.css';
import { PromptModal } from '../../../components/prompt-modal.tsx';

interface EmptySiloPromptProps {
  prompt: SiloPrompt;
}

/**
 * A transfer's source ran empty and no other silo on its conveyor holds the bean: end it with
 * what has moved, or keep waiting for beans to arrive in the source.
 */
export function EmptySiloPrompt({ prompt }: EmptySiloPromptProps) {
  const answer = useAnswerSiloPrompt();
  const { message, notification } = useFeedback();

  // Awaited rather than given callbacks: the answered prompt leaves the list and this dialog
  // unmounts before mutate's own callbacks would run.
  const send = async (type: SiloPromptAnswer['type']) => {
    try {
      await answer.mutateAsync({ transfer_id: prompt.transfer_id, type });
      void message.success(
        type === 'bagoff'
          ? `Transfer ${prompt.transfer_id} ended with ${formatLbs(prompt.moved_amount)} moved`
          : `Transfer ${prompt.transfer_id} waits for beans in ${prompt.source_device_name}`,
      );
    } catch (error) {
      notification.error({ title: 'Error', description: errorMessage(error) });
    }
  };
  const sending = (type: SiloPromptAnswer['type']) =>
    answer.isPending && answer.variables.type === type;

  return (
    <PromptModal
      title="Silo ran empty"
      footer={
        <div className={styles.footer}>
          <Button
            size="large"
            loading={sending('bagoff')}
            disabled={answer.isPending}
            onClick={() => void send('bagoff')}
          >
            Bag off
          </Button>
          <Button
            type="primary"
            size="large"
            autoFocus
            loading={sending('continue')}
            disabled={answer.isPending}
            onClick={() => void send('continue')}
          >
            Continue
          </Button>
        </div>
      }
    >
      <Typography.Paragraph>{stalledTransferText(prompt)}</Typography.Paragraph>
      <dl className={styles.choices}>
        <dt>Bag off</dt>
        <dd>End the transfer with what has moved.</dd>
        <dt>Continue</dt>
        <dd>Keep waiting for beans, e.g. a dump into {prompt.source_device_name}.</dd>
      </dl>
    </PromptModal>
  );
}
