import { PageHeader } from '../../../components/page-header.tsx';
import { DumpWorkspace } from '../components/dump-workspace.tsx';

/**
 * The Dump item of the navigation for administrators and supervisors: the operator's dump
 * screen at desk size. An administrator who acknowledges a dump here is taken to its run.
 */
export function DumpTransferPage() {
  return (
    <>
      <PageHeader
        title="Dump Transfer"
        subtitle="Green bean dumps from the dump stations into the silos."
      />
      <DumpWorkspace />
    </>
  );
}
