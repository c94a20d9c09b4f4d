import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { foodSafetyMessages } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSignDay } from '../api/sign-day.ts';

interface SignValues {
  password: string;
}

/** The supervisor's verification of the day, signed with their password entered again. */
export function SignDayModal({
  day,
  open,
  onClose,
}: {
  day: string;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<SignValues>();
  const signing = useSignDay();
  const { message } = useFeedback();

  const close = () => {
    signing.reset();
    form.resetFields();
    onClose();
  };

  const submit = ({ password }: SignValues) =>
    signing.mutate(
      { day, password },
      {
        onSuccess: () => {
          void message.success(`The records of ${day} are signed.`);
          close();
        },
        onError: () => form.setFieldValue('password', ''),
      },
    );

  return (
    <FormModal<SignValues>
      title={`Sign the records of ${day}`}
      open={open}
      form={form}
      okText="Sign"
      submitting={signing.isPending}
      focusField="password"
      onSubmit={submit}
      onCancel={close}
    >
      <Typography.Paragraph type="secondary">
        You have reviewed the day&apos;s monitoring records, deviations, corrective actions and
        packing checks. Your signature keeps who, when and a hash of these records in the audit log;
        signed records can no longer change.
      </Typography.Paragraph>
      {signing.isError ? <Alert type="error" showIcon title={errorMessage(signing.error)} /> : null}
      <Form.Item
        name="password"
        label="Sign with your password"
        rules={[{ required: true, message: foodSafetyMessages.password }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
    </FormModal>
  );
}
