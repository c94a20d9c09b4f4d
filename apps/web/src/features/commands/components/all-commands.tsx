import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { BinaryCommandDto, CommandList, InputCommandDto } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CommandOwnerTag } from './command-owner-tag.tsx';

const binaryColumns: ColumnsType<BinaryCommandDto> = [
  { title: 'ID', dataIndex: 'command_id', width: 72 },
  { title: 'Command', dataIndex: 'command_label' },
  {
    title: 'Owner',
    dataIndex: 'command_owner',
    width: 96,
    filters: [
      { text: 'App', value: 'app' },
      { text: 'PLC', value: 'plc' },
    ],
    onFilter: (value, command) => command.command_owner === value,
    render: (_value, command) => <CommandOwnerTag owner={command.command_owner} />,
  },
];

const inputColumns: ColumnsType<InputCommandDto> = [
  { title: 'ID', dataIndex: 'command_input_id', width: 72 },
  { title: 'Command', dataIndex: 'command_input_label' },
  { title: 'Unit', dataIndex: 'unit', width: 80, render: (unit: string) => unit || '—' },
  {
    title: 'Owner',
    dataIndex: 'command_owner',
    width: 96,
    filters: [
      { text: 'App', value: 'app' },
      { text: 'PLC', value: 'plc' },
    ],
    onFilter: (value, command) => command.command_owner === value,
    render: (_value, command) => (
      <>
        <CommandOwnerTag owner={command.command_owner} />
        {command.is_speed ? (
          <Tag bordered={false} color="green">
            Speed
          </Tag>
        ) : null}
      </>
    ),
  },
];

/** The All Commands tab: every binary (coil) and input (register) command of the plant. */
export function AllCommands({ commands }: { commands: CommandList }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title="Binary Commands" size="small">
          <Table<BinaryCommandDto>
            rowKey="command_id"
            size="small"
            columns={binaryColumns}
            dataSource={commands.binary}
            pagination={false}
            locale={{ emptyText: <EmptyState /> }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title="Input Commands" size="small">
          <Table<InputCommandDto>
            rowKey="command_input_id"
            size="small"
            columns={inputColumns}
            dataSource={commands.inputs}
            pagination={false}
            locale={{ emptyText: <EmptyState /> }}
          />
        </Card>
      </Col>
    </Row>
  );
}
