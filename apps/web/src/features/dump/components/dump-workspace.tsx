import Card from 'antd/es/card';
import { NotLiveBanner } from '../../../components/not-live-banner.tsx';
import { SiloOccupancy } from '../../../components/silo-occupancy.tsx';
import { useSiloStats } from '../../../lib/get-silo-stats.ts';
import { CreateDumpForm } from './create-dump-form.tsx';
import { DumpQueue } from './dump-queue.tsx';
import { DumpWorkflowsStatus } from './dump-workflows-status.tsx';
import { FinishedDumps } from './finished-dumps.tsx';
import styles from './dump-workspace.module.css';

interface DumpWorkspaceProps {
  /** Larger controls for the station's touch screen. */
  touch?: boolean;
}

/**
 * Requesting dumps, acknowledging them at the station, and following them to the silo: the
 * silo table shows the level rise while a dump runs.
 */
export function DumpWorkspace({ touch = false }: DumpWorkspaceProps) {
  const silos = useSiloStats();
  return (
    <div className={`${styles.workspace} ${touch ? styles.touch : ''}`}>
      {/* The silo levels below come from the PLC. */}
      <NotLiveBanner places={silos.data} />
      <div className={styles.columns}>
        <Card title="Create Dump" className={styles.createCard}>
          <CreateDumpForm />
        </Card>
        <Card title="Dump Requests" className={styles.queueCard}>
          <DumpQueue />
        </Card>
      </div>
      <Card title="Silo Bins Occupancy">
        <SiloOccupancy large={touch} />
      </Card>
      <Card title="Dumping Workflows">
        <DumpWorkflowsStatus />
      </Card>
      <Card title="Finished Dumps">
        <FinishedDumps />
      </Card>
    </div>
  );
}
