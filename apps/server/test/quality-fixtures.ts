import { expect } from 'vitest';
import type { QualityLot } from '@roastery/contract';
import type { ApiCaller } from './helper.ts';

/**
 * Releases roasted lots through the quality API, as a supervisor signs a release with their
 * password entered again: for tests about packing, which draws only released lots. With lot
 * numbers, those lots; without, every lot pending release.
 */
export async function releaseLots(
  signer: ApiCaller,
  password: string,
  lotNumbers?: readonly string[],
): Promise<void> {
  const pending = await signer<QualityLot[]>('GET', '/api/quality/lots?status=pending');
  expect(pending.status).toBe(200);
  const chosen = pending.body.filter((l) => !lotNumbers || lotNumbers.includes(l.lot_number));
  if (lotNumbers) expect(chosen.map((l) => l.lot_number).sort()).toEqual([...lotNumbers].sort());
  for (const lot of chosen) {
    const signed = await signer<QualityLot>('POST', `/api/quality/lots/${lot.lot_id}/decision`, {
      meaning: 'released',
      password,
    });
    expect(signed.status).toBe(200);
    expect(signed.body.status).toBe('released');
  }
}
