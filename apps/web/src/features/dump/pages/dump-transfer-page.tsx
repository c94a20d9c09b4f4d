import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Tabs from 'antd/es/tabs';
import { PageHeader } from '../../../components/page-header.tsx';
import { DumpWorkspace } from '../components/dump-workspace.tsx';

const tabs = ['dump', 'transfer'] as const;
type Tab = (typeof tabs)[number];

const isTab = (value: string | null): value is Tab => tabs.some((tab) => tab === value);

interface DumpTransferPageProps {
  /** The silo to silo transfers, which another feature owns; src/app hands them in. */
  transfers: ReactNode;
}

/**
 * The Dump item of the navigation for administrators and supervisors: the operator's dump
 * screen at desk size, and the silo to silo transfers beside it; the query t keeps the tab.
 * An administrator who acknowledges a dump here is taken to its run.
 */
export function DumpTransferPage({ transfers }: DumpTransferPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('t');
  const active: Tab = isTab(requested) ? requested : 'dump';

  return (
    <>
      <PageHeader
        title="Dump Transfer"
        subtitle="Green bean dumps from the dump stations into the silos, and transfers between silos."
      />
      <Tabs
        activeKey={active}
        onChange={(key) => setSearchParams({ t: key })}
        items={[
          { key: 'dump', label: 'Dump', children: <DumpWorkspace /> },
          { key: 'transfer', label: 'Silo to Silo Transfer', children: transfers },
        ]}
      />
    </>
  );
}
