import Select from 'antd/es/select';
import { NO_DATA } from '../../../components/empty-state.tsx';
import { useRoles } from '../api/get-roles.ts';

interface RoleSelectProps {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
}

/** The roles the server offers, as a form control. */
export function RoleSelect({ id, value, onChange }: RoleSelectProps) {
  const roles = useRoles();
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={onChange}
      loading={roles.isPending}
      placeholder="Select a role"
      notFoundContent={roles.isError ? 'Roles could not be loaded' : NO_DATA}
      options={(roles.data ?? []).map((role) => ({ value: role.role_id, label: role.role_name }))}
    />
  );
}
