import { demoRoasterBatchLbs } from '@roastery/contract';
import type { RegisterStore } from './register-store.ts';

export interface InitialValue {
  device_id: string;
  label: string;
  value: number;
}

/**
 * The set-points a freshly powered demo PLC holds (a real PLC keeps them in retained memory).
 * Weights start at zero: what the silos hold is the console's ledger to tell, not the PLC's.
 */
export const demoInitialValues: InitialValue[] = [
  ...Object.entries(demoRoasterBatchLbs).flatMap(([roaster, batchLbs]) => [
    { device_id: roaster, label: 'Batch Size', value: batchLbs },
    { device_id: roaster, label: 'Burner Set-point', value: 430 },
    { device_id: roaster, label: 'Drum Speed', value: 45 },
    { device_id: roaster, label: 'Airflow', value: 50 },
  ]),
  ...['PK1', 'PK2'].flatMap((packer) => [
    { device_id: packer, label: 'Bag Size', value: 5 },
    { device_id: packer, label: 'Packing Speed', value: 20 },
  ]),
  { device_id: 'MB1', label: 'Bag Size', value: 25 },
];

/** Applies the values whose tags the plant has, skipping the rest. */
export function applyInitialValues(store: RegisterStore, values: readonly InitialValue[]): void {
  for (const { device_id, label, value } of values) {
    if (store.has(device_id, label)) store.set(device_id, label, value, 'plant');
  }
}
