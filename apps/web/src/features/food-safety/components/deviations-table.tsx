import type { ReactNode } from 'react';
import { ToolOutlined } from '@ant-design/icons';
import type { Deviation } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { ActionButton } from '../../../components/responsive-table/action-button.tsx';
import { CellText } from '../../../components/responsive-table/cell-text.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';

function actionText(d: Deviation): string {
  const a = d.corrective_action;
  return a ? `${a.who}: ${a.what}` : 'Open';
}

const columns: ResponsiveColumn<Deviation>[] = [
  { key: 'id', title: 'No.', identity: true, width: 70, render: (d) => `No. ${d.id}` },
  { key: 'subject', title: 'About', width: 170, render: (d) => <CellText text={d.subject} /> },
  {
    key: 'opened',
    title: 'Opened',
    width: 170,
    render: (d) => <DateText value={d.opened_at} style="list" />,
  },
  { key: 'description', title: 'Deviation', minWidth: 220, render: (d) => d.description },
  { key: 'action', title: 'Corrective action', minWidth: 200, render: (d) => actionText(d) },
];

interface DeviationsTableProps {
  label: string;
  deviations: Deviation[];
  loading: boolean;
  empty: ReactNode;
  /** Given, an open deviation offers its corrective action. */
  onCorrect?: (deviation: Deviation) => void;
}

/** Deviations with their corrective action, or the button that records it while open. */
export function DeviationsTable({
  label,
  deviations,
  loading,
  empty,
  onCorrect,
}: DeviationsTableProps) {
  return (
    <ResponsiveTable<Deviation>
      label={label}
      rows={deviations}
      rowKey={(d) => d.id}
      columns={columns}
      loading={loading}
      empty={empty}
      actions={
        onCorrect
          ? {
              title: 'Action',
              width: 80,
              render: (d) =>
                d.corrective_action ? null : (
                  <ActionButton
                    type="primary"
                    label="Record corrective action"
                    name={`Record the corrective action of deviation ${d.id}`}
                    icon={<ToolOutlined />}
                    onClick={() => onCorrect(d)}
                  />
                ),
            }
          : undefined
      }
    />
  );
}
