import { useEffect } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import {
  smtpTransportBody,
  type AlarmDeliverySettings,
  type AlarmDeliverySettingsBody,
  type AlarmPipelineBody,
} from '@roastery/contract';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAlarmDelivery } from '../api/get-alarm-delivery.ts';
import { useSaveAlarmDelivery } from '../api/save-alarm-delivery.ts';
import { DeliveriesTable } from '../components/deliveries-table.tsx';
import { PipelineFields } from '../components/pipeline-fields.tsx';

type PipelineValues = Omit<AlarmPipelineBody, 'quiet_hours' | 'webhook_secret'> & {
  webhook_secret?: string;
  quiet_start?: string;
  quiet_end?: string;
  quiet_zone?: string;
};

interface FormValues {
  console_url?: string;
  smtp_enabled: boolean;
  host?: string;
  port?: number;
  secure?: boolean;
  user?: string;
  password?: string;
  from?: string;
  pipelines: PipelineValues[];
}

function valuesOf(stored: AlarmDeliverySettings): FormValues {
  return {
    console_url: stored.console_url ?? '',
    smtp_enabled: stored.smtp !== null,
    host: stored.smtp?.host ?? '',
    port: stored.smtp?.port ?? 587,
    secure: stored.smtp?.secure ?? false,
    user: stored.smtp?.user ?? '',
    password: '',
    from: stored.smtp?.from ?? '',
    pipelines: stored.pipelines.map(({ quiet_hours, webhook_secret_set: _set, ...p }) => ({
      ...p,
      webhook_secret: '',
      quiet_start: quiet_hours?.start ?? '',
      quiet_end: quiet_hours?.end ?? '',
      quiet_zone: quiet_hours?.time_zone ?? '',
    })),
  };
}

/** Empty text fields mean "not set" (or, for secrets, "keep the stored one"). */
function bodyOf(values: FormValues): AlarmDeliverySettingsBody {
  return {
    console_url: values.console_url || null,
    smtp: values.smtp_enabled
      ? {
          host: values.host ?? '',
          port: values.port ?? 587,
          secure: values.secure ?? false,
          user: values.user || null,
          ...(values.password ? { password: values.password } : {}),
          from: values.from ?? '',
        }
      : null,
    pipelines: values.pipelines.map(
      ({ quiet_start, quiet_end, quiet_zone, webhook_secret, ...p }) => ({
        ...p,
        devices: p.devices,
        webhook_url: p.webhook_url || null,
        escalate_after_minutes: p.escalate_after_minutes ?? null,
        ...(webhook_secret ? { webhook_secret } : {}),
        quiet_hours:
          quiet_start && quiet_end
            ? { start: quiet_start, end: quiet_end, time_zone: quiet_zone || 'UTC' }
            : null,
      }),
    ),
  };
}

const newPipeline: PipelineValues = {
  name: '',
  enabled: true,
  minimum_priority: 'alarm',
  devices: [],
  channel: 'email',
  webhook_url: null,
  delay_seconds: 60,
  roster: [],
  escalate_after_minutes: 15,
  notify_on_return: false,
};

/** Where alarm messages go: the SMTP server, the pipelines, and the latest messages. */
export function AlarmDeliveryPage() {
  const settings = useAlarmDelivery();
  const save = useSaveAlarmDelivery();
  const { message, notification } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const smtpEnabled = Form.useWatch('smtp_enabled', form) as boolean | undefined;

  useEffect(() => {
    if (settings.data) form.setFieldsValue(valuesOf(settings.data));
  }, [form, settings.data]);

  const submit = (values: FormValues) =>
    save.mutate(bodyOf(values), {
      onSuccess: () => void message.success('Alarm messages saved'),
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });

  return (
    <>
      <PageHeader
        title="Alarm Messages"
        subtitle="E-mail and signed webhooks for alarms, by priority and device, with a delay, an on-call roster that is escalated, quiet hours and acknowledgement by link."
      />
      {settings.isError ? (
        <LoadError
          error={settings.error}
          retrying={settings.isFetching}
          onRetry={() => void settings.refetch()}
        />
      ) : !settings.data ? (
        <Skeleton active />
      ) : (
        <Form<FormValues> form={form} layout="vertical" onFinish={submit}>
          <Card title="Transport" size="small" style={{ marginBottom: 16 }}>
            <Form.Item
              name="console_url"
              label="Console address (for acknowledgement links)"
              rules={[{ type: 'url' }]}
            >
              <Input placeholder="https://console.plant.example" />
            </Form.Item>
            <Form.Item name="smtp_enabled" label="Send e-mail" valuePropName="checked">
              <Switch />
            </Form.Item>
            {smtpEnabled ? (
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item name="host" label="SMTP server" rules={[{ required: true }]}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item
                    name="port"
                    label="Port"
                    rules={[{ required: true }, schemaRule(smtpTransportBody.shape.port)]}
                  >
                    <InputNumber style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item name="secure" label="TLS (465)" valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="from" label="From" rules={[{ required: true, type: 'email' }]}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="user" label="User name">
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name="password"
                    label="Password"
                    extra={
                      settings.data.smtp?.password_set
                        ? 'A password is stored; leave empty to keep it.'
                        : undefined
                    }
                  >
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                </Col>
              </Row>
            ) : null}
          </Card>
          <Form.List name="pipelines">
            {(fields, { add, remove }) => (
              <Card
                title="Pipelines"
                size="small"
                style={{ marginBottom: 16 }}
                extra={<Button onClick={() => add(newPipeline)}>Add pipeline</Button>}
              >
                {fields.length === 0 ? <p>No pipelines: no alarm messages are sent.</p> : null}
                {fields.map((field) => (
                  <PipelineFields
                    key={field.key}
                    index={field.name}
                    stored={settings.data.pipelines[field.name]}
                    onRemove={() => remove(field.name)}
                  />
                ))}
              </Card>
            )}
          </Form.List>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
        </Form>
      )}
      <Card title="Latest messages" size="small" style={{ marginTop: 16 }}>
        <DeliveriesTable />
      </Card>
    </>
  );
}
