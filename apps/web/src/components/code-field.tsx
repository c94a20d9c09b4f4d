import Form from 'antd/es/form';
// The field alone, not antd's Input with its text area, search and one-time-code variants: the
// sign-in screen shows it, and that screen stays light.
import Input from 'antd/es/input/Input';

/** The 6-digit code of an authenticator app, as every screen that asks for one takes it. */
export function CodeField({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <Form.Item
      label="Authentication Code"
      name="code"
      preserve={false}
      rules={[
        { required: true, message: 'Please enter the 6-digit code' },
        { pattern: /^\d{6}$/, message: 'The code is 6 digits' },
      ]}
    >
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus={autoFocus} />
    </Form.Item>
  );
}
