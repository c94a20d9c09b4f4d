import { useEffect } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { DeleteOutlined } from '@ant-design/icons';
import { numberRange } from '../../../lib/number-range.ts';
import { nodeKinds, nodeRegistry } from './node-registry.tsx';
import {
  handleSides,
  MAX_HANDLES,
  MIN_HANDLES,
  widgetSizeLabels,
  widgetWidths,
  type DeviceFlowNode,
  type DeviceNodeData,
  type DeviceNodeType,
  type WidgetSize,
} from './device-node-data.ts';

export interface NodeOptions {
  type: DeviceNodeType;
  class: WidgetSize;
  targetPosition: DeviceNodeData['targetPosition'];
  sourcePosition: DeviceNodeData['sourcePosition'];
  targetCount: number;
  sourceCount: number;
}

interface NodeOptionsDrawerProps {
  node: DeviceFlowNode | undefined;
  onUpdate: (nodeId: string, options: NodeOptions) => void;
  onDelete: (nodeId: string) => void;
  onClose: () => void;
}

const sizes = Object.keys(widgetSizeLabels) as WidgetSize[];
const sideOptions = handleSides.map((side) => ({
  value: side,
  label: side[0]?.toUpperCase() + side.slice(1),
}));

const handleCount = numberRange({ min: MIN_HANDLES, max: MAX_HANDLES, integer: true });

function optionsOf(node: DeviceFlowNode): NodeOptions {
  return {
    type: node.type ?? 'default',
    class: node.data.class,
    targetPosition: node.data.targetPosition,
    sourcePosition: node.data.sourcePosition,
    targetCount: node.data.targetCount,
    sourceCount: node.data.sourceCount,
  };
}

/** The spec's Device Widget Options: how one node looks and how many handles it has. */
export function NodeOptionsDrawer({ node, onUpdate, onDelete, onClose }: NodeOptionsDrawerProps) {
  const [form] = Form.useForm<NodeOptions>();
  const type = Form.useWatch('type', form);

  useEffect(() => {
    if (node) form.setFieldsValue(optionsOf(node));
  }, [form, node]);

  return (
    <Drawer
      title="Device Widget Options"
      open={node !== undefined}
      onClose={onClose}
      size={360}
      extra={
        node ? (
          <Typography.Text type="secondary">
            {node.data.label} ({node.id})
          </Typography.Text>
        ) : null
      }
    >
      {node ? (
        <Form<NodeOptions>
          form={form}
          layout="vertical"
          initialValues={optionsOf(node)}
          onFinish={(values) => onUpdate(node.id, values)}
        >
          <Form.Item label="Node type" name="type">
            <Radio.Group>
              <Space orientation="vertical">
                {nodeKinds.map((kind) => (
                  <Radio key={kind} value={kind}>
                    {nodeRegistry[kind].title}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item label="Widget size" name="class">
            <Radio.Group
              optionType="button"
              options={sizes.map((size) => ({
                value: size,
                label: widgetSizeLabels[size],
                title: `${widgetWidths[size]} px wide`,
              }))}
            />
          </Form.Item>
          <Form.Item label="Target position" name="targetPosition">
            <Select options={sideOptions} />
          </Form.Item>
          <Form.Item label="Source position" name="sourcePosition">
            <Select options={sideOptions} />
          </Form.Item>
          {type && nodeRegistry[type].multipleHandles ? (
            <>
              <Form.Item
                label="Number of targets"
                name="targetCount"
                rules={[
                  { required: true, message: 'Please enter the number of targets' },
                  handleCount,
                ]}
              >
                <InputNumber<number> />
              </Form.Item>
              <Form.Item
                label="Number of sources"
                name="sourceCount"
                rules={[
                  { required: true, message: 'Please enter the number of sources' },
                  handleCount,
                ]}
              >
                <InputNumber<number> />
              </Form.Item>
            </>
          ) : null}
          <Space>
            <Button danger icon={<DeleteOutlined />} onClick={() => onDelete(node.id)}>
              Delete
            </Button>
            <Button type="primary" htmlType="submit">
              Update
            </Button>
          </Space>
        </Form>
      ) : null}
    </Drawer>
  );
}
