import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { dashboardMessages, type SiloPrompt } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { useAnswerSiloPrompt } from '../api/answer-silo-prompt.ts';
import { useChooseSubstitute } from '../api/choose-substitute.ts';
import { useContinueOrder } from '../api/continue-order.ts';
import { stalledTransferText } from '../lib/prompt-texts.ts';
import styles from './dashboard-popups.module.css';
import { PromptModal } from '../../../components/prompt-modal.tsx';

interface SubstituteValues {
  device_id?: string;
}

interface SubstituteSiloPromptProps {
  prompt: SiloPrompt;
}

/**
 * A transfer's source ran empty while other silos on its conveyor hold the same bean: carry on
 * from one of them, or end the transfer with what has moved.
 */
export function SubstituteSiloPrompt({ prompt }: SubstituteSiloPromptProps) {
  const [form] = Form.useForm<SubstituteValues>();
  const choosing = useChooseSubstitute();
  const continuing = useContinueOrder();
  const bagging = useAnswerSiloPrompt();
  const { message, notification } = useFeedback();
  const busy = choosing.isPending || continuing.isPending || bagging.isPending;

  const onError = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  // Awaited rather than given callbacks: the answered prompt leaves the list and this dialog
  // unmounts before mutate's own callbacks would run.
  const carryOn = async ({ device_id }: SubstituteValues) => {
    if (!device_id) return;
    try {
      await choosing.mutateAsync({ transfer_id: prompt.transfer_id, device_id });
      const continued = await continuing.mutateAsync({ transfer_id: prompt.transfer_id });
      void message.success(
        `Transfer ${prompt.transfer_id} carries on from ${continued.source_device_name}`,
      );
    } catch (error) {
      onError(error);
    }
  };

  const bagOff = async () => {
    try {
      await bagging.mutateAsync({ transfer_id: prompt.transfer_id, type: 'bagoff' });
      void message.success(
        `Transfer ${prompt.transfer_id} ended with ${formatLbs(prompt.moved_amount)} moved`,
      );
    } catch (error) {
      onError(error);
    }
  };

  return (
    <PromptModal
      title="Silo ran empty"
      footer={
        <div className={styles.footer}>
          <Button
            size="large"
            loading={bagging.isPending}
            disabled={busy}
            onClick={() => void bagOff()}
          >
            Bag off
          </Button>
          <Button
            type="primary"
            size="large"
            loading={choosing.isPending || continuing.isPending}
            disabled={busy}
            onClick={() => form.submit()}
          >
            Continue from substitute
          </Button>
        </div>
      }
    >
      <Typography.Paragraph>{stalledTransferText(prompt)}</Typography.Paragraph>
      <dl className={styles.choices}>
        <dt>Continue from substitute</dt>
        <dd>Move the rest from the silo chosen below.</dd>
        <dt>Bag off</dt>
        <dd>End the transfer with what has moved.</dd>
      </dl>
      <Form<SubstituteValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        className={styles.form}
        initialValues={{ device_id: prompt.substitute_device_id ?? undefined }}
        onFinish={(values) => void carryOn(values)}
      >
        <Form.Item
          name="device_id"
          label="Substitute silo bin"
          rules={[{ required: true, message: dashboardMessages.substitute }]}
        >
          <Select
            autoFocus
            size="large"
            placeholder="Select a silo holding the same bean"
            options={prompt.substitutes.map((silo) => ({
              value: silo.device_id,
              title: silo.device_name,
              label: (
                <span className={styles.option}>
                  <span>{silo.device_name}</span>
                  <span className={styles.optionDetail}>{formatLbs(silo.lbs)}</span>
                </span>
              ),
            }))}
          />
        </Form.Item>
      </Form>
    </PromptModal>
  );
}
