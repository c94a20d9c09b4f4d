import Button from 'antd/es/button';
import Form from 'antd/es/form';
// The two fields alone, not antd's Input with its text area, search and one-time-code variants.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import Alert from 'antd/es/alert';
import { TOTP_REQUIRED_ERROR, type LoginBody } from '@roastery/contract';
import { ApiError } from '../../../lib/api-error.ts';
import { CodeField } from '../../../components/code-field.tsx';
import styles from './login-form.module.css';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLogin } from '../api/login.ts';

interface LoginFormProps {
  onSignedIn: () => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { message, notification } = useFeedback();
  // The password was right and the account asks for its authenticator's code too.
  const [askCode, setAskCode] = useState(false);
  const loginMutation = useLogin({
    onSuccess: () => {
      void message.success('Welcome back');
      onSignedIn();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.serverError === TOTP_REQUIRED_ERROR && !askCode) {
        setAskCode(true);
        return;
      }
      notification.error({ title: 'Error', description: errorMessage(error) });
    },
  });

  return (
    <Form<LoginBody>
      name="login"
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => loginMutation.mutate(values)}
    >
      <Form.Item
        label="Username"
        name="username"
        rules={[{ required: true, whitespace: true, message: 'Please enter your username' }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: 'Please enter your password' }]}
      >
        <Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          onChange={() => setAskCode(false)}
        />
      </Form.Item>
      {askCode ? (
        <>
          <Alert
            className={styles.codeNotice}
            type="info"
            showIcon
            title="Enter the 6-digit code from your authenticator app."
          />
          <CodeField autoFocus />
        </>
      ) : null}
      <Form.Item noStyle>
        <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
          Sign In
        </Button>
      </Form.Item>
    </Form>
  );
}
