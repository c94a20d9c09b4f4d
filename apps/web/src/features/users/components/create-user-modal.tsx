import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { CreateUserBody } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { newPasswordRules } from '../../../lib/form-rules.ts';
import { useCreateUser } from '../api/create-user.ts';
import { UserIdentityFields } from './user-identity-fields.tsx';

interface CreateUserModalProps {
  open: boolean;
  onClose: () => void;
}

export function CreateUserModal({ open, onClose }: CreateUserModalProps) {
  const [form] = Form.useForm<CreateUserBody>();
  const { message, notification } = useFeedback();
  const mutation = useCreateUser({
    onSuccess: (created) => {
      void message.success(`User ${created.username} created`);
      onClose();
    },
  });

  return (
    <FormModal<CreateUserBody>
      title="Create User"
      open={open}
      form={form}
      okText="Create"
      submitting={mutation.isPending}
      onCancel={onClose}
      onSubmit={(values) =>
        mutation.mutate(values, {
          onError: (error) =>
            notification.error({ title: 'Error', description: errorMessage(error) }),
        })
      }
    >
      <UserIdentityFields />
      <Form.Item
        label="Password"
        name="password"
        rules={newPasswordRules('Please enter a password')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
