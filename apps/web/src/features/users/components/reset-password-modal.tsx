import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import type { User } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { confirmPasswordRules, newPasswordRules } from '../../../lib/form-rules.ts';
import { useResetUserPassword } from '../api/reset-user-password.ts';

interface ResetPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

interface ResetPasswordModalProps {
  /** Whose password is reset; the dialog is closed when there is none. */
  user: User | undefined;
  onClose: () => void;
}

export function ResetPasswordModal({ user, onClose }: ResetPasswordModalProps) {
  const [form] = Form.useForm<ResetPasswordValues>();
  const { message, notification } = useFeedback();
  const mutation = useResetUserPassword();

  const submit = ({ newPassword }: ResetPasswordValues) => {
    if (!user) return;
    mutation.mutate(
      { user_id: user.id, newPassword },
      {
        onSuccess: () => {
          void message.success(`Password of ${user.username} reset`);
          onClose();
        },
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );
  };

  return (
    <FormModal<ResetPasswordValues>
      title={user ? `Reset Password of ${user.full_name}` : 'Reset Password'}
      open={user !== undefined}
      form={form}
      okText="Reset Password"
      submitting={mutation.isPending}
      onCancel={onClose}
      onSubmit={submit}
    >
      <Typography.Paragraph type="secondary">
        The user is signed out everywhere and signs in again with the new password.
      </Typography.Paragraph>
      <Form.Item
        label="New Password"
        name="newPassword"
        rules={newPasswordRules('Please enter a new password')}
      >
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={confirmPasswordRules('newPassword', 'Please confirm the new password')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
