import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { alarmPipelineBody, rosterEntry, type AlarmPipeline } from '@roastery/contract';
import { schemaRule } from '../../../lib/form-rules.ts';

const priorities = [
  { value: 'alarm', label: 'Alarm (top)' },
  { value: 'warning', label: 'Warning and above' },
  { value: 'other', label: 'Everything' },
];
const channels = [
  { value: 'email', label: 'E-mail' },
  { value: 'webhook', label: 'Webhook' },
];

/** One pipeline of the form: who is told of which alarms, how, and when. */
export function PipelineFields({
  index,
  stored,
  onRemove,
}: {
  index: number;
  stored: AlarmPipeline | undefined;
  onRemove: () => void;
}) {
  const channel = Form.useWatch(['pipelines', index, 'channel']) as string | undefined;
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={`Pipeline ${index + 1}`}
      extra={
        <Button danger size="small" onClick={onRemove}>
          Remove
        </Button>
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name={[index, 'name']} label="Name" rules={[{ required: true }]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name={[index, 'enabled']} label="On" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name={[index, 'minimum_priority']} label="Priority">
            <Select options={priorities} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name={[index, 'channel']} label="Channel">
            <Select options={channels} />
          </Form.Item>
        </Col>
      </Row>
      {channel === 'webhook' ? (
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item
              name={[index, 'webhook_url']}
              label="Webhook address"
              rules={[{ required: true }]}
            >
              <Input placeholder="https://hooks.example.com/alarms" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              name={[index, 'webhook_secret']}
              label="Signing secret (16+ characters)"
              extra={
                stored?.webhook_secret_set
                  ? 'A secret is stored; leave empty to keep it.'
                  : undefined
              }
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name={[index, 'devices']} label="Devices (empty: all)">
            <Select mode="tags" placeholder="Device codes" />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item
            name={[index, 'delay_seconds']}
            label="Delay (s)"
            rules={[{ required: true }, schemaRule(alarmPipelineBody.shape.delay_seconds)]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name={[index, 'escalate_after_minutes']}
            label="Escalate after (min)"
            rules={[schemaRule(alarmPipelineBody.shape.escalate_after_minutes)]}
          >
            <InputNumber style={{ width: '100%' }} placeholder="Never" />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item name={[index, 'notify_on_return']} label="On return" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.List name={[index, 'roster']}>
        {(people, { add, remove }) => (
          <>
            {people.map((person, at) => (
              <Row gutter={8} key={person.key} align="bottom">
                <Col xs={8} md={4}>
                  <Form.Item
                    name={[person.name, 'user_id']}
                    label={`On call ${at + 1}: user id`}
                    rules={[{ required: true }, schemaRule(rosterEntry.shape.user_id)]}
                  >
                    <InputNumber style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item
                    name={[person.name, 'email']}
                    label="E-mail"
                    rules={[{ required: true, type: 'email' }]}
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={4} md={2}>
                  <Form.Item>
                    <Button
                      onClick={() => remove(person.name)}
                      aria-label={`Remove on-call ${at + 1}`}
                    >
                      ×
                    </Button>
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Button onClick={() => add({ email: '' })} style={{ marginBottom: 16 }}>
              Add to the on-call roster
            </Button>
          </>
        )}
      </Form.List>
      <Row gutter={16}>
        <Col xs={8} md={4}>
          <Form.Item name={[index, 'quiet_start']} label="Quiet from">
            <Input placeholder="22:00" />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name={[index, 'quiet_end']} label="Quiet until">
            <Input placeholder="06:00" />
          </Form.Item>
        </Col>
        <Col xs={8} md={6}>
          <Form.Item name={[index, 'quiet_zone']} label="Time zone">
            <Input placeholder="Europe/Zurich" />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
