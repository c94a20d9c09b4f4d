import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginBody } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLogin } from '../api/login.ts';

interface LoginFormProps {
  onSignedIn: () => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { message, notification } = useFeedback();
  const loginMutation = useLogin({
    onSuccess: () => {
      void message.success('Welcome back');
      onSignedIn();
    },
    onError: (error) => {
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
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Form.Item noStyle>
        <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
          Sign In
        </Button>
      </Form.Item>
    </Form>
  );
}
