import { describe, expect, it } from 'vitest';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import { MIXED_BIN_ERROR } from '@roastery/contract';
import { ApiError } from '../../../lib/api-error.ts';
import { confirmMixedBin } from './mixed-bin.ts';

const message =
  'WRB Bin 1 holds Ethiopia (lot RST-000004-1): roasting House Blend into it would mix products. Confirm the mix to start anyway, or choose another bin.';

describe('confirmMixedBin', () => {
  it('asks with the server words and starts again with the mix confirmed on OK', () => {
    const asked: ModalFuncProps[] = [];
    let mixed = 0;
    const handled = confirmMixedBin(
      (props) => asked.push(props),
      new ApiError(409, { error: MIXED_BIN_ERROR, message }),
      () => (mixed += 1),
    );
    expect(handled).toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ title: 'Mix products in one bin?', content: message });
    expect(mixed).toBe(0);
    void asked[0]?.onOk?.();
    expect(mixed).toBe(1);
  });

  it('leaves every other refusal to the caller', () => {
    const asked: ModalFuncProps[] = [];
    const other = [
      new ApiError(409, { error: 'Conflict', message: 'Order 000007 is already under way.' }),
      new ApiError(422, { error: MIXED_BIN_ERROR, message }),
      new Error('offline'),
    ];
    for (const error of other) {
      expect(
        confirmMixedBin(
          (props) => asked.push(props),
          error,
          () => undefined,
        ),
      ).toBe(false);
    }
    expect(asked).toEqual([]);
  });
});
