import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import Typography from 'antd/es/typography';
import { RightOutlined } from '@ant-design/icons';
import {
  temperatureSymbol,
  toUnit,
  type RoastProfile,
  type TemperatureUnit,
} from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { ActionButton } from '../../../components/responsive-table/action-button.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { paths } from '../../../config/paths.ts';
import { describeEnd, formatFigure } from '../../../lib/end-condition.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';

const columnsIn = (unit: TemperatureUnit): ResponsiveColumn<RoastProfile>[] => [
  {
    key: 'name',
    title: 'Name',
    identity: true,
    minWidth: 160,
    render: (profile) => <Link to={paths.roastProfile.getHref(profile.id)}>{profile.name}</Link>,
  },
  { key: 'product', title: 'Product', minWidth: 140, render: (profile) => profile.product_name },
  { key: 'roaster', title: 'Roaster', width: 130, render: (profile) => profile.roaster_name },
  { key: 'version', title: 'Version', width: 90, render: (profile) => profile.current.version },
  {
    key: 'charge',
    title: `Charge (${temperatureSymbol(unit)})`,
    width: 110,
    render: (profile) => formatFigure(toUnit(profile.current.settings.charge_temperature_f, unit)),
  },
  {
    key: 'end',
    title: 'End',
    width: 230,
    render: (profile) => describeEnd(profile.current.settings.end, unit),
  },
  {
    key: 'changed',
    title: 'Last changed',
    width: 190,
    render: (profile) => (
      <>
        <DateText value={profile.current.created_at} style="list" />{' '}
        <Typography.Text type="secondary">by {profile.current.created_by}</Typography.Text>
      </>
    ),
  },
];

interface RoastProfilesTableProps {
  profiles: RoastProfile[];
  loading: boolean;
  empty: ReactNode;
}

/** The profiles, one a row (a card on a phone), each leading to its own page. */
export function RoastProfilesTable({ profiles, loading, empty }: RoastProfilesTableProps) {
  const navigate = useNavigate();
  const unit = useTemperatureUnit();
  const columns = useMemo(() => columnsIn(unit), [unit]);
  return (
    <ResponsiveTable<RoastProfile>
      label="Roast profiles"
      rows={profiles}
      rowKey={(profile) => profile.id}
      columns={columns}
      loading={loading}
      empty={empty}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      actions={{
        title: 'Open',
        width: 64,
        render: (profile) => (
          <ActionButton
            label="Open"
            name={`Open ${profile.name}`}
            icon={<RightOutlined />}
            onClick={() => void navigate(paths.roastProfile.getHref(profile.id))}
          />
        ),
      }}
    />
  );
}
