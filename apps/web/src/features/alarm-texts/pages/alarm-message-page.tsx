import { Link, useParams } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { alarmMessageBody } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage, GENERIC_ERROR } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useSendAlarmMessage, type AlarmMessageInput } from '../api/send-alarm-message.ts';
import { DeviceSelect } from '../components/device-select.tsx';
import styles from './alarm-pages.module.css';

/** Add an Alarm Message: raises an alarm notification for a device by hand. */
export function AlarmMessagePage() {
  const { deviceId = '' } = useParams();
  const [form] = Form.useForm<AlarmMessageInput>();
  const { message, notification } = useFeedback();
  const mutation = useSendAlarmMessage();

  const send = (values: AlarmMessageInput) =>
    mutation.mutate(values, {
      onSuccess: (reply) => {
        void message.success(reply.message);
        form.resetFields(['message']);
      },
      onError: (error) =>
        notification.error({ title: GENERIC_ERROR, description: errorMessage(error) }),
    });

  return (
    <>
      <Link to={paths.admin.deviceAlarm.getHref(deviceId)} className={styles.back}>
        <ArrowLeftOutlined /> Back to Configure Alarm Text
      </Link>
      <PageHeader
        title="Alarm"
        subtitle="Add an Alarm Message: every console gets it as an alarm notification."
      />
      <Card title="Add an Alarm Message" className={styles.formCard}>
        <Form<AlarmMessageInput>
          form={form}
          layout="vertical"
          initialValues={{ device_id: deviceId }}
          onFinish={send}
        >
          <Form.Item
            label="Device"
            name="device_id"
            rules={[{ required: true, message: 'Please select a device' }]}
          >
            <DeviceSelect />
          </Form.Item>
          <Form.Item
            label="Message"
            name="message"
            rules={[
              { required: true, whitespace: true, message: 'Please input the Alarm Text' },
              schemaRule(alarmMessageBody.shape.message),
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} autoFocus />
          </Form.Item>
          <div className={styles.actions}>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SendOutlined />}
              loading={mutation.isPending}
            >
              Send
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
