import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { createUserBody } from '@roastery/contract';
import { schemaRule } from '../../../lib/form-rules.ts';
import { RoleSelect } from './role-select.tsx';

/** Full name, username and role: what creating and editing a user share. */
export function UserIdentityFields() {
  return (
    <>
      <Form.Item
        label="Full Name"
        name="full_name"
        rules={[
          { required: true, whitespace: true, message: 'Please enter the full name' },
          schemaRule(createUserBody.shape.full_name),
        ]}
      >
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        label="Username"
        name="username"
        rules={[
          { required: true, whitespace: true, message: 'Please enter the username' },
          schemaRule(createUserBody.shape.username),
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Role"
        name="user_role"
        rules={[{ required: true, message: 'Please select a role' }]}
      >
        <RoleSelect />
      </Form.Item>
    </>
  );
}
