import { PageHeader } from '../../../components/page-header.tsx';
import { TransferWorkspace } from '../components/transfer-workspace.tsx';

/** The Transfer item of the navigation: moving green beans from one silo to another. */
export function TransferPage() {
  return (
    <>
      <PageHeader
        title="Transfer"
        subtitle="Silo to silo transfers over the transfer conveyors, and their acknowledgements."
      />
      <TransferWorkspace />
    </>
  );
}
