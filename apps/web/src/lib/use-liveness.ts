import { useLiveStatus } from './live-status.ts';
import { livenessOf, type Liveness, type ValuePlace } from './value-liveness.ts';

/** Whether the values of a place are live, from the server's word on it and the PLC link's. */
export function useLiveness(place: ValuePlace | undefined): Liveness {
  return livenessOf(place, useLiveStatus());
}
