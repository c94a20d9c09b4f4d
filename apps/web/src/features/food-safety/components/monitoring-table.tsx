import type { ReactNode } from 'react';
import Tooltip from 'antd/es/tooltip';
import { FilePdfOutlined } from '@ant-design/icons';
import {
  checkActual,
  formatDuration,
  formatTemperature,
  type MonitoringCheck,
  type MonitoringRecord,
  type TemperatureUnit,
} from '@roastery/contract';
import { CellText } from '../../../components/responsive-table/cell-text.tsx';
import { ActionButton } from '../../../components/responsive-table/action-button.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { describeCheck } from '../lib/food-safety-day.ts';
import { MetTag } from './met-tag.tsx';

const checkOf = (r: MonitoringRecord, criterion: MonitoringCheck['criterion']) =>
  r.checks.find((c) => c.criterion === criterion);

/** A measured value with its verdict; the limit it was held to in the tooltip. */
function checked(
  r: MonitoringRecord,
  criterion: MonitoringCheck['criterion'],
  text: string,
  unit: TemperatureUnit,
): ReactNode {
  const check = checkOf(r, criterion);
  if (!check) return text;
  return (
    <Tooltip title={describeCheck(check, r, unit)}>
      <span>
        {text} <MetTag met={check.met} />
      </span>
    </Tooltip>
  );
}

function columns(unit: TemperatureUnit): ResponsiveColumn<MonitoringRecord>[] {
  return [
    { key: 'lot', title: 'Lot', identity: true, width: 120, render: (r) => r.lot_number || '—' },
    {
      key: 'product',
      title: 'Product',
      minWidth: 140,
      render: (r) => <CellText text={r.product_name} />,
    },
    { key: 'roaster', title: 'Roaster', width: 110, render: (r) => r.roaster },
    {
      key: 'kill',
      title: 'Kill step',
      width: 190,
      render: (r) => {
        const kill = checkOf(r, 'time_at_temperature');
        return kill
          ? checked(r, 'time_at_temperature', checkActual(kill, r, unit), unit)
          : 'Not a kill step';
      },
    },
    {
      key: 'end',
      title: 'End temperature',
      width: 150,
      render: (r) => checked(r, 'end_temperature', formatTemperature(r.end_bt_f, unit, 0), unit),
    },
    {
      key: 'time',
      title: 'Total time',
      width: 130,
      render: (r) => checked(r, 'total_time', formatDuration(r.total_s), unit),
    },
    {
      key: 'colour',
      title: 'Colour',
      width: 120,
      render: (r) => checked(r, 'colour', r.colour === null ? '—' : String(r.colour), unit),
    },
    { key: 'person', title: 'Person', width: 140, render: (r) => <CellText text={r.person} /> },
    {
      key: 'note',
      title: 'Corrects',
      width: 110,
      render: (r) => (r.corrects === null ? '—' : `Record ${r.corrects}`),
    },
  ];
}

interface MonitoringTableProps {
  records: MonitoringRecord[];
  unit: TemperatureUnit;
  loading: boolean;
  empty: ReactNode;
  onPdf: (record: MonitoringRecord) => void;
}

/** The day's monitoring records, written from the PLC: each value with met or missed. */
export function MonitoringTable({ records, unit, loading, empty, onPdf }: MonitoringTableProps) {
  return (
    <ResponsiveTable<MonitoringRecord>
      label="Monitoring records"
      rows={records}
      rowKey={(r) => r.id}
      columns={columns(unit)}
      loading={loading}
      empty={empty}
      actions={{
        title: 'PDF',
        width: 64,
        render: (r) => (
          <ActionButton
            label="Batch record PDF"
            name={`Batch record PDF of lot ${r.lot_number || r.batch_id}`}
            icon={<FilePdfOutlined />}
            onClick={() => onPdf(r)}
          />
        ),
      }}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
    />
  );
}
