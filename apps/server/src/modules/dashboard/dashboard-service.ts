import type { SiloStat } from '@roastery/contract';
import type { LedgerService } from '../inventory/ledger-service.ts';
import { fromCenti, toCenti } from '../inventory/weights.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';

/**
 * The dashboard's Silo Bins Occupancy: the ledger's book weight next to the level the PLC
 * reports, so people watch a silo fill during a dump and see when book and level disagree.
 */
export class DashboardService {
  readonly #ledger: LedgerService;
  readonly #runtime: PlantRuntime;

  constructor(ledger: LedgerService, runtime: PlantRuntime) {
    this.#ledger = ledger;
    this.#runtime = runtime;
  }

  async silos(): Promise<SiloStat[]> {
    const contents = await this.#ledger.siloContents();
    return contents
      .map((c) => {
        const measured = this.#runtime.reading(c.device_id, 'occupancy');
        const level = measured ?? c.occupancy;
        const percentage =
          c.capacity && c.capacity > 0
            ? Math.min(100, Math.max(0, fromCenti(Math.round((toCenti(level) * 100) / c.capacity))))
            : 0;
        return {
          id: c.device_id,
          name: c.device_name,
          occupancy: c.occupancy,
          measured,
          capacity: c.capacity,
          current_beans: c.beans.map((b) => b.bean_name).join(', '),
          percentage,
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  }
}
