import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { SettingOutlined } from '@ant-design/icons';
import type { CommandList, DeviceTypeCommands } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import styles from './device-types-table.module.css';

interface CommandLabelsProps {
  ids: number[];
  labels: Map<number, string>;
  color: string;
}

function CommandLabels({ ids, labels, color }: CommandLabelsProps) {
  if (ids.length === 0) return <Typography.Text type="secondary">None</Typography.Text>;
  return (
    <span className={styles.labels}>
      {ids.map((id) => (
        <Tag key={id} bordered={false} color={color}>
          {labels.get(id) ?? `#${id}`}
        </Tag>
      ))}
    </span>
  );
}

interface DeviceTypesTableProps {
  types: DeviceTypeCommands[];
  commands: CommandList;
}

/** The Device Type & Commands tab: which commands each device type offers, and Manage. */
export function DeviceTypesTable({ types, commands }: DeviceTypesTableProps) {
  const navigate = useNavigate();
  const binaryLabels = new Map(commands.binary.map((c) => [c.command_id, c.command_label]));
  const inputLabels = new Map(
    commands.inputs.map((c) => [c.command_input_id, c.command_input_label]),
  );

  const columns: ColumnsType<DeviceTypeCommands> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: 'Device Type',
      dataIndex: 'name',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      title: 'App Commands',
      key: 'app',
      render: (_value, type) => (
        <div className={styles.group}>
          <CommandLabels ids={type.binary.app} labels={binaryLabels} color="orange" />
          <CommandLabels ids={type.input.app} labels={inputLabels} color="gold" />
        </div>
      ),
    },
    {
      title: 'PLC Commands',
      key: 'plc',
      render: (_value, type) => (
        <div className={styles.group}>
          <CommandLabels ids={type.binary.plc} labels={binaryLabels} color="blue" />
          <CommandLabels ids={type.input.plc} labels={inputLabels} color="geekblue" />
        </div>
      ),
    },
    {
      title: 'Manage',
      key: 'manage',
      align: 'right',
      render: (_value, type) => (
        <Space size="small">
          <Button
            icon={<SettingOutlined />}
            aria-label={`Manage binary commands of ${type.name}`}
            onClick={() => void navigate(paths.admin.typeBinaryCommands.getHref(type.id))}
          >
            Binary
          </Button>
          <Button
            icon={<SettingOutlined />}
            aria-label={`Manage input commands of ${type.name}`}
            onClick={() => void navigate(paths.admin.typeInputCommands.getHref(type.id))}
          >
            Input
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">
        Each row lists binary commands first, then input commands (registers).
      </Typography.Paragraph>
      <Table<DeviceTypeCommands>
        rowKey="id"
        columns={columns}
        dataSource={types}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState /> }}
      />
    </>
  );
}
