import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { QualitySignature } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CellText } from '../../../components/responsive-table/cell-text.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { meaningLabel, shortHash } from '../lib/quality-lot.ts';

const columns: ResponsiveColumn<QualitySignature>[] = [
  {
    key: 'meaning',
    title: 'Meaning',
    identity: true,
    width: 190,
    render: (s) => meaningLabel(s.meaning),
  },
  { key: 'by', title: 'Signed by', minWidth: 140, render: (s) => <CellText text={s.by} /> },
  {
    key: 'at',
    title: 'When',
    width: 160,
    render: (s) => <DateText value={s.at} style="spelledTime" />,
  },
  {
    key: 'reason',
    title: 'Reason',
    minWidth: 160,
    render: (s) => <CellText text={s.reason || '—'} />,
  },
  {
    key: 'hash',
    title: 'Record SHA-256',
    width: 150,
    // The whole hash is for an auditor to compare: in the tooltip, and copied whole.
    render: (s) => (
      <Tooltip title={s.record_sha256}>
        <Typography.Text
          code
          copyable={{ text: s.record_sha256, tooltips: ['Copy hash', 'Copied'] }}
        >
          {shortHash(s.record_sha256)}
        </Typography.Text>
      </Tooltip>
    ),
  },
];

/** Who signed what, when and why, each with the hash of the record as they saw it. */
export function QualitySignaturesTable({ signatures }: { signatures: QualitySignature[] }) {
  return (
    <ResponsiveTable<QualitySignature>
      label="Signatures"
      rows={signatures}
      rowKey={(s) => s.id}
      columns={columns}
      empty={
        <EmptyState
          title="Not signed yet"
          description="A release or a rejection is signed with the signer's password."
        />
      }
    />
  );
}
