import Form from 'antd/es/form';
import Password from 'antd/es/input/Password';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { CodeField } from '../../../components/code-field.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useRemoveUserTotp } from '../api/remove-user-totp.ts';

type ProofKind = 'code' | 'password';

interface RemoveOwnTotpValues {
  kind: ProofKind;
  code?: string;
  password?: string;
}

const proofKinds = [
  { value: 'code', label: 'A code from your authenticator app' },
  { value: 'password', label: 'Your password' },
] satisfies { value: ProofKind; label: string }[];

interface RemoveOwnTotpModalProps {
  /** The signed-in administrator's id; the dialog is closed when there is none. */
  userId: number | undefined;
  onClose: () => void;
}

/**
 * Removing one's own second factor takes a current code or the password, so that a session
 * left open is not enough to weaken the account. The phone may be lost, hence the password.
 */
export function RemoveOwnTotpModal({ userId, onClose }: RemoveOwnTotpModalProps) {
  const [form] = Form.useForm<RemoveOwnTotpValues>();
  const kind = Form.useWatch('kind', form) ?? 'code';
  const { message, notification } = useFeedback();
  const removal = useRemoveUserTotp();

  const submit = ({ kind, code, password }: RemoveOwnTotpValues) => {
    if (userId === undefined) return;
    const proof = kind === 'code' ? { code: code ?? '' } : { password: password ?? '' };
    removal.mutate(
      { userId, proof },
      {
        onSuccess: (reply) => {
          void message.success(reply.message);
          onClose();
        },
        onError: (error) => {
          // A wrong entry (422) or too many of them (429) belongs under the field that was used.
          if (error instanceof ApiError && (error.status === 422 || error.status === 429)) {
            form.setFields([{ name: kind, errors: [errorMessage(error)] }]);
            return;
          }
          notification.error({ title: 'Error', description: errorMessage(error) });
        },
      },
    );
  };

  return (
    <FormModal<RemoveOwnTotpValues>
      title="Remove Your Two-Step Sign-In"
      open={userId !== undefined}
      form={form}
      okText="Remove"
      submitting={removal.isPending}
      initialValues={{ kind: 'code' }}
      focusField="code"
      onCancel={onClose}
      onSubmit={submit}
    >
      <Typography.Paragraph type="secondary">
        Afterwards, your password alone signs you in.
      </Typography.Paragraph>
      <Form.Item label="Confirm that it is you with" name="kind">
        <Radio.Group orientation="vertical" options={proofKinds} />
      </Form.Item>
      {kind === 'code' ? (
        <CodeField />
      ) : (
        <Form.Item
          label="Password"
          name="password"
          preserve={false}
          rules={[{ required: true, message: 'Please enter your password' }]}
        >
          <Password autoComplete="current-password" />
        </Form.Item>
      )}
    </FormModal>
  );
}
