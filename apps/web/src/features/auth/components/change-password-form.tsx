import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { MIN_PASSWORD_LENGTH } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { confirmPasswordRules, newPasswordRules } from '../../../lib/form-rules.ts';
import { useChangePassword } from '../api/change-password.ts';

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The spec's gate on Submit: new and confirm match, and new and old are long enough. */
function canSubmit(oldPassword = '', newPassword = '', confirmPassword = ''): boolean {
  return (
    newPassword === confirmPassword &&
    newPassword.length >= MIN_PASSWORD_LENGTH &&
    oldPassword.length >= MIN_PASSWORD_LENGTH
  );
}

export function ChangePasswordForm() {
  const [form] = Form.useForm<ChangePasswordValues>();
  const { message, notification } = useFeedback();
  const mutation = useChangePassword({
    onSuccess: (reply) => {
      form.resetFields();
      void message.success(reply.message);
    },
    onError: (error) => {
      // The spec shows the server's error field here; its message says what to fix.
      notification.error({
        title: error instanceof ApiError && error.serverError ? error.serverError : 'Error',
        description: errorMessage(error),
      });
    },
  });

  return (
    <Form<ChangePasswordValues>
      form={form}
      name="change-password"
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={({ oldPassword, newPassword }) => mutation.mutate({ oldPassword, newPassword })}
    >
      <Form.Item
        label="Old Password"
        name="oldPassword"
        rules={[{ required: true, message: 'Please enter your old password' }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="New Password"
        name="newPassword"
        rules={newPasswordRules('Please enter a new password')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm Password"
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={confirmPasswordRules('newPassword', 'Please confirm the new password')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item shouldUpdate noStyle>
        {() => {
          // Re-rendered by the form store on every keystroke, so the button never lags the fields.
          const values = form.getFieldsValue();
          return (
            <Button
              type="primary"
              htmlType="submit"
              disabled={!canSubmit(values.oldPassword, values.newPassword, values.confirmPassword)}
              loading={mutation.isPending}
            >
              Submit
            </Button>
          );
        }}
      </Form.Item>
    </Form>
  );
}
