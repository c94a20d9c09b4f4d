import Alert from 'antd/es/alert';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import dayjs, { type Dayjs } from 'dayjs';
import { foodSafetyMessages, type Deviation } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useRecordCorrectiveAction } from '../api/record-corrective-action.ts';

interface ActionValues {
  who: string;
  what: string;
  when: Dayjs;
}

interface CorrectiveActionModalProps {
  /** The deviation being closed; the dialog is closed when there is none. */
  deviation: Deviation | undefined;
  onClose: () => void;
}

/** Who did what, and when, about a deviation; the server's refusal stays in the dialog. */
export function CorrectiveActionModal({ deviation, onClose }: CorrectiveActionModalProps) {
  const [form] = Form.useForm<ActionValues>();
  const saving = useRecordCorrectiveAction();
  const { message } = useFeedback();

  const close = () => {
    saving.reset();
    form.resetFields();
    onClose();
  };

  const submit = ({ who, what, when }: ActionValues) => {
    if (!deviation) return;
    saving.mutate(
      { deviationId: deviation.id, body: { who, what, when: when.toISOString() } },
      {
        onSuccess: () => {
          void message.success(`Deviation ${deviation.id} closed by its corrective action.`);
          close();
        },
      },
    );
  };

  return (
    <FormModal<ActionValues>
      title={deviation ? `Corrective action: ${deviation.subject}` : 'Corrective action'}
      open={deviation !== undefined}
      form={form}
      okText="Record"
      submitting={saving.isPending}
      initialValues={{ when: dayjs() }}
      focusField="who"
      onSubmit={submit}
      onCancel={close}
    >
      <Typography.Paragraph type="secondary">{deviation?.description}</Typography.Paragraph>
      {saving.isError ? <Alert type="error" showIcon title={errorMessage(saving.error)} /> : null}
      <Form.Item
        name="who"
        label="Who"
        rules={[{ required: true, whitespace: true, message: foodSafetyMessages.who }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="what"
        label="What was done"
        rules={[{ required: true, whitespace: true, message: foodSafetyMessages.what }]}
      >
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item
        name="when"
        label="When"
        rules={[{ required: true, message: foodSafetyMessages.when }]}
      >
        <DatePicker showTime format="YYYY-MM-DD HH:mm" />
      </Form.Item>
    </FormModal>
  );
}
