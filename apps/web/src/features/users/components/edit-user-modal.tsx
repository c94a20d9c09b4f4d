import Form from 'antd/es/form';
import { isRoleId, type UpdateUserBody, type User } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { UserIdentityFields } from './user-identity-fields.tsx';

interface EditUserValues {
  full_name: string;
  username: string;
  user_role: number;
}

interface EditUserModalProps {
  /** The user being edited; the dialog is closed when there is none. */
  user: User | undefined;
  onClose: () => void;
}

/** Only the fields that changed are sent, so an unchanged role is never re-checked. */
function changes(user: User, values: EditUserValues): UpdateUserBody {
  return {
    ...(values.full_name !== user.full_name ? { full_name: values.full_name } : {}),
    ...(values.username !== user.username ? { username: values.username } : {}),
    ...(values.user_role !== user.role && isRoleId(values.user_role)
      ? { user_role: values.user_role }
      : {}),
  };
}

export function EditUserModal({ user, onClose }: EditUserModalProps) {
  const [form] = Form.useForm<EditUserValues>();
  const { message, notification } = useFeedback();
  const mutation = useUpdateUser({
    onSuccess: (updated) => {
      void message.success(`User ${updated.username} updated`);
      onClose();
    },
  });

  const submit = (values: EditUserValues) => {
    if (!user) return;
    const body = changes(user, values);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    mutation.mutate(
      { id: user.id, body },
      {
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );
  };

  return (
    <FormModal<EditUserValues>
      title={user ? `Edit ${user.full_name}` : 'Edit User'}
      open={user !== undefined}
      form={form}
      okText="Save"
      submitting={mutation.isPending}
      initialValues={
        user ? { full_name: user.full_name, username: user.username, user_role: user.role } : {}
      }
      onCancel={onClose}
      onSubmit={submit}
    >
      <UserIdentityFields />
    </FormModal>
  );
}
