import { useEffect } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import {
  plantDataConfig,
  type PlantDataConfigBody,
  type PlantDataSettings,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { usePlantData } from '../api/get-plant-data.ts';
import { useSavePlantData } from '../api/save-plant-data.ts';
import { PlantDataStatusPanel } from '../components/plant-data-status.tsx';

type Stored = PlantDataSettings['config'];

/** The form: the stored fields, a new secret when typed, and whether to remove a stored one. */
type FormValues = Omit<Stored, 'has_password' | 'has_tls_key'> & {
  password?: string;
  tls_key?: string;
  clear_password?: boolean;
  clear_tls_key?: boolean;
};

/** A secret left empty keeps the stored one, unless the person asked to remove it. */
function secret(typed: string | undefined, clear: boolean | undefined): string | undefined {
  if (clear) return '';
  return typed ? typed : undefined;
}

function bodyOf(values: FormValues): PlantDataConfigBody {
  const { password, tls_key, clear_password, clear_tls_key, ...rest } = values;
  const body: PlantDataConfigBody = { ...rest };
  const newPassword = secret(password, clear_password);
  const newKey = secret(tls_key, clear_tls_key);
  if (newPassword !== undefined) body.password = newPassword;
  if (newKey !== undefined) body.tls_key = newKey;
  return body;
}

const pemPlaceholder = '-----BEGIN CERTIFICATE-----';

/** Publishing the plant's values and events to an MQTT broker: JSON tree and Sparkplug B. */
export function PlantDataPage() {
  const plantData = usePlantData();
  const save = useSavePlantData();
  const { message, notification } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const stored = plantData.data?.config;

  useEffect(() => {
    if (!stored) return;
    const { has_password: _p, has_tls_key: _k, ...fields } = stored;
    form.setFieldsValue({ ...fields, password: '', tls_key: '' });
    // Only a newly saved or first loaded configuration resets the form, not a status refresh.
  }, [form, stored]);

  const submit = (values: FormValues) =>
    save.mutate(bodyOf(values), {
      onSuccess: () => void message.success('Plant data publishing saved'),
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });

  return (
    <>
      <PageHeader
        title="Plant Data (MQTT)"
        subtitle="Publishes every value change and plant event to an MQTT broker: a JSON topic tree with retained last values, and Sparkplug B."
      />
      {plantData.data ? (
        <>
          <Card title="Status" size="small" style={{ marginBottom: 16 }}>
            <PlantDataStatusPanel status={plantData.data.status} />
          </Card>
          <Card>
            <Form<FormValues> form={form} layout="vertical" onFinish={submit}>
              <Form.Item name="enabled" label="Publish plant data" valuePropName="checked">
                <Switch />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="broker_url"
                    rules={[{ required: true }, schemaRule(plantDataConfig.shape.broker_url)]}
                    label="Broker address"
                    extra="mqtt://, mqtts:// (TLS), ws:// or wss://"
                  >
                    <Input placeholder="mqtts://broker.example.com:8883" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="client_id"
                    rules={[{ required: true }, schemaRule(plantDataConfig.shape.client_id)]}
                    label="Client id"
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="username" label="User name">
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="password"
                    label="Password"
                    extra={
                      stored?.has_password
                        ? 'A password is stored; leave empty to keep it.'
                        : undefined
                    }
                  >
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                  {stored?.has_password ? (
                    <Form.Item name="clear_password" valuePropName="checked">
                      <Checkbox>Remove the stored password</Checkbox>
                    </Form.Item>
                  ) : null}
                </Col>
              </Row>
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item name="tls_ca" label="CA certificate (PEM)">
                    <Input.TextArea rows={3} placeholder={pemPlaceholder} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="tls_cert" label="Client certificate (PEM)">
                    <Input.TextArea rows={3} placeholder={pemPlaceholder} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name="tls_key"
                    label="Client key (PEM)"
                    extra={
                      stored?.has_tls_key ? 'A key is stored; leave empty to keep it.' : undefined
                    }
                  >
                    <Input.TextArea rows={3} placeholder="-----BEGIN PRIVATE KEY-----" />
                  </Form.Item>
                  {stored?.has_tls_key ? (
                    <Form.Item name="clear_tls_key" valuePropName="checked">
                      <Checkbox>Remove the stored key</Checkbox>
                    </Form.Item>
                  ) : null}
                </Col>
              </Row>
              <Form.Item
                name="tls_reject_unauthorized"
                label="Check the broker's certificate"
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item name="json_enabled" label="JSON topic tree" valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item
                    name="enterprise"
                    rules={[{ required: true }, schemaRule(plantDataConfig.shape.enterprise)]}
                    label="Enterprise"
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item
                    name="site"
                    rules={[{ required: true }, schemaRule(plantDataConfig.shape.site)]}
                    label="Site"
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="sparkplug_enabled" label="Sparkplug B" valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item
                    name="group_id"
                    rules={[{ required: true }, schemaRule(plantDataConfig.shape.group_id)]}
                    label="Group id"
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item
                    name="edge_node_id"
                    rules={[{ required: true }, schemaRule(plantDataConfig.shape.edge_node_id)]}
                    label="Edge node id"
                  >
                    <Input />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                name="outbox_limit"
                label="Messages kept while the broker is away"
                extra="When full, the oldest are dropped and counted."
                rules={[{ required: true }, schemaRule(plantDataConfig.shape.outbox_limit)]}
              >
                <InputNumber step={1000} />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item
                    name="dcmd_user"
                    label="Sparkplug writes act as (user name)"
                    extra="A supervisor or administrator; empty refuses every DCMD."
                    rules={[schemaRule(plantDataConfig.shape.dcmd_user)]}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={16}>
                  <Form.Item
                    name="dcmd_tags"
                    label="Tags a Sparkplug DCMD may write"
                    extra="Each write goes through the console's checks (mode, owner) and is logged as the user's."
                  >
                    <Select
                      mode="multiple"
                      allowClear
                      optionFilterProp="label"
                      placeholder="None: writes from MQTT are off"
                      options={plantData.data.writable_tags.map((tag) => ({
                        value: tag.key,
                        label: tag.label,
                      }))}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                Save and reconnect
              </Button>
            </Form>
          </Card>
        </>
      ) : plantData.isError ? (
        <LoadError
          error={plantData.error}
          retrying={plantData.isFetching}
          onRetry={() => void plantData.refetch()}
        />
      ) : (
        <Card>
          <Skeleton active />
        </Card>
      )}
    </>
  );
}
