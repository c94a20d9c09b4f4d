import { DumpTransferPage } from '../../features/dump/pages/dump-transfer-page.tsx';
import { TransferWorkspace } from '../../features/transfer/components/transfer-workspace.tsx';

/** The Dump Transfer screen, whose second tab shows the transfers from the transfer feature. */
export function DumpTransferRoute() {
  return <DumpTransferPage transfers={<TransferWorkspace />} />;
}
