import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { deviceFeature } from '@roastery/contract';
import { schemaRule } from '../../../lib/form-rules.ts';
import styles from './device-features-field.module.css';

export interface FeatureValue {
  label: string;
  value?: string;
}

/** Maximum features per device, as the server accepts. */
const MAX_FEATURES = 20;

/** The device's features: label and value pairs shown on its detail panel. */
export function DeviceFeaturesField() {
  return (
    <Form.List name="device_features">
      {(fields, { add, remove }) => (
        <div className={styles.root}>
          <Typography.Text strong>Features</Typography.Text>
          <Typography.Paragraph type="secondary" className={styles.hint}>
            Facts shown on the device panel, such as a motor rating or a bean type.
          </Typography.Paragraph>
          {fields.map((field, index) => (
            <div key={field.key} className={styles.row}>
              <Form.Item
                name={[field.name, 'label']}
                className={styles.label}
                rules={[
                  { required: true, whitespace: true, message: 'Please input the feature label' },
                  schemaRule(deviceFeature.shape.label),
                ]}
              >
                <Input placeholder="Label" aria-label={`Feature ${index + 1} label`} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'value']}
                className={styles.value}
                rules={[schemaRule(deviceFeature.shape.value)]}
              >
                <Input placeholder="Value" aria-label={`Feature ${index + 1} value`} />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove feature ${index + 1}`}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_FEATURES}
            onClick={() => add({ label: '', value: '' })}
          >
            Add Feature
          </Button>
        </div>
      )}
    </Form.List>
  );
}
