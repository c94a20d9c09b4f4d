import type { ModalFuncProps } from 'antd/es/modal/interface';
import { MIXED_BIN_ERROR } from '@roastery/contract';
import { ApiError } from '../../../lib/api-error.ts';

/**
 * A start refused because its bin holds another product asks the supervisor, in the server's
 * words (the bin, what it holds, the product to roast), and starts again with the mix confirmed
 * when they agree. Returns false for any other error, which the caller shows as before.
 */
export function confirmMixedBin(
  confirm: (props: ModalFuncProps) => unknown,
  error: unknown,
  startMixed: () => unknown,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 409) return false;
  if (error.serverError !== MIXED_BIN_ERROR) return false;
  confirm({
    title: 'Mix products in one bin?',
    content: error.serverMessage,
    okText: 'Mix them',
    cancelText: 'Cancel',
    onOk: startMixed,
  });
  return true;
}
