import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Form from 'antd/es/form';
import QRCode from 'antd/es/qr-code';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import {
  useConfirmTwoStep,
  useDisableTwoStep,
  useEnrolTwoStep,
  useTwoStepStatus,
} from '../api/two-step-sign-in.ts';
import { CodeField } from '../../../components/code-field.tsx';
import styles from './two-step-sign-in.module.css';

/**
 * An administrator's optional second factor, managed in a dialog: the page itself calls the
 * server for nothing until the dialog is opened.
 */
export function TwoStepSignIn() {
  const [open, setOpen] = useState(false);
  return (
    <Card className={styles.card} title="Two-Step Sign-In">
      <Typography.Paragraph type="secondary">
        After your password, sign-in can also ask for the 6-digit code of an authenticator app on
        your phone.
      </Typography.Paragraph>
      <Button onClick={() => setOpen(true)}>Manage Two-Step Sign-In</Button>
      <Modal
        title="Two-Step Sign-In"
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
      >
        <TwoStepSettings />
      </Modal>
    </Card>
  );
}

/**
 * Scan the QR code (or type the key) into an authenticator app and confirm with its code;
 * sign-in then asks for a code after the password. Turning it off takes a current code.
 */
function TwoStepSettings() {
  const status = useTwoStepStatus(true);
  const enrol = useEnrolTwoStep();
  const confirm = useConfirmTwoStep();
  const disable = useDisableTwoStep();
  const { message, notification } = useFeedback();
  const [form] = Form.useForm<{ code: string }>();
  const failed = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const enabled = status.data?.enabled ?? false;
  const enrolment = !enabled ? enrol.data : undefined;

  const submit = ({ code }: { code: string }) => {
    const mutation = enabled ? disable : confirm;
    mutation.mutate(code, {
      onSuccess: (reply) => {
        void message.success(reply.message);
        form.resetFields();
        enrol.reset();
      },
      onError: failed,
    });
  };

  if (status.isPending) return <Skeleton active title={false} />;
  if (status.isError) {
    return <Typography.Text type="danger">{errorMessage(status.error)}</Typography.Text>;
  }

  return (
    <>
      <Typography.Paragraph>
        Two-step sign-in is {enabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag>}
      </Typography.Paragraph>
      {!enabled && !enrolment ? (
        <>
          <Button
            type="primary"
            loading={enrol.isPending}
            onClick={() => enrol.mutate(undefined, { onError: failed })}
          >
            Set Up Two-Step Sign-In
          </Button>
        </>
      ) : null}
      {enrolment ? (
        <div className={styles.enrolment}>
          <QRCode
            value={enrolment.otpauth_url}
            size={180}
            aria-label="QR code for the authenticator app"
          />
          <div>
            <Typography.Paragraph>
              Scan the code with the authenticator app, or type this key into it:
            </Typography.Paragraph>
            <Typography.Paragraph copyable code aria-label="Setup key">
              {enrolment.secret}
            </Typography.Paragraph>
          </div>
        </div>
      ) : null}
      {enabled || enrolment ? (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} name="two-step">
          {enabled ? (
            <Typography.Paragraph type="secondary">
              To turn two-step sign-in off, enter a current code from the app.
            </Typography.Paragraph>
          ) : null}
          <CodeField />
          <Button
            type="primary"
            danger={enabled}
            htmlType="submit"
            loading={confirm.isPending || disable.isPending}
          >
            {enabled ? 'Turn Off' : 'Confirm Code'}
          </Button>
        </Form>
      ) : null}
    </>
  );
}
