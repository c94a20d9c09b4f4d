import Tag from 'antd/es/tag';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { RoastProfileVersionEntry } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ActionButton } from '../../../components/responsive-table/action-button.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { describeSource } from '../lib/describe.ts';

interface VersionHistoryProps {
  /** Newest first; the first is the current version. */
  versions: RoastProfileVersionEntry[];
  /** The version drawn over the current curve, if any. */
  compared: number | undefined;
  onCompare: (version: number | undefined) => void;
}

/** Every version of the profile: when, who, why and from where; one may be drawn over the curve. */
export function VersionHistory({ versions, compared, onCompare }: VersionHistoryProps) {
  const current = versions[0]?.version;
  const columns: ResponsiveColumn<RoastProfileVersionEntry>[] = [
    {
      key: 'version',
      title: 'Version',
      identity: true,
      width: 160,
      render: (entry) => (
        <>
          Version {entry.version}{' '}
          {entry.version === current ? <Tag color="green">Current</Tag> : null}
          {entry.version === compared ? <Tag>On the chart</Tag> : null}
        </>
      ),
    },
    {
      key: 'when',
      title: 'When',
      width: 170,
      render: (entry) => <DateText value={entry.created_at} style="spelledTime" />,
    },
    { key: 'who', title: 'Who', width: 130, render: (entry) => entry.created_by },
    {
      key: 'why',
      title: 'Why',
      minWidth: 200,
      render: (entry) => entry.reason || 'First version',
    },
    {
      key: 'source',
      title: 'Source',
      minWidth: 160,
      render: (entry) => describeSource(entry.source),
    },
  ];

  return (
    <ResponsiveTable<RoastProfileVersionEntry>
      label="Versions"
      rows={versions}
      rowKey={(entry) => entry.version}
      columns={columns}
      empty={<EmptyState />}
      actions={{
        title: 'Chart',
        width: 64,
        render: (entry) =>
          entry.version === current ? null : entry.version === compared ? (
            <ActionButton
              label="Hide"
              hint="Take this version off the chart"
              name={`Hide version ${entry.version}`}
              icon={<EyeInvisibleOutlined />}
              onClick={() => onCompare(undefined)}
            />
          ) : (
            <ActionButton
              label="Compare"
              hint="Draw this version's curve, dashed, over the current one"
              name={`Compare version ${entry.version}`}
              icon={<EyeOutlined />}
              onClick={() => onCompare(entry.version)}
            />
          ),
      }}
    />
  );
}
