import type { MaterialPort } from './material-port.ts';
import { fromCentiLbs, toCentiLbs } from './material-port.ts';
import { Label } from './plant-labels.ts';
import type { RegisterStore } from './register-store.ts';

/**
 * A packer or a manual bagging station: it fills one bag at a time with what its feed paths
 * bring and counts a bag on 'Bags Packed' each time the fill reaches 'Bag Size'. A packer with
 * 'Packing Speed' (bags per minute) draws no faster than that speed allows; a station without it
 * is limited by its feed path alone. A device with a 'Scale Weight' shows the bag being filled.
 */
export class BaggerProcess {
  readonly deviceId: string;
  readonly port: MaterialPort;
  readonly #store: RegisterStore;
  /** The bag being filled, hundredths of a lb. */
  #fill = 0;
  /** What the packing speed still allows in this step; the fraction carries to the next. */
  #budget = 0;

  constructor(store: RegisterStore, deviceId: string) {
    this.deviceId = deviceId;
    this.#store = store;
    this.port = {
      available: () => 0,
      room: () => (this.#bagSize() > 0 ? Math.floor(this.#budget) : 0),
      take: () => {
        throw new Error(`${deviceId} gives no beans back`);
      },
      put: (centiLbs) => {
        this.#fill += centiLbs;
        this.#budget -= centiLbs;
      },
    };
  }

  beginStep(dtMs: number): void {
    if (!this.#store.has(this.deviceId, Label.PackingSpeed)) {
      this.#budget = Number.MAX_SAFE_INTEGER;
      return;
    }
    const bagsPerMinute = this.#store.get(this.deviceId, Label.PackingSpeed);
    const demand = (bagsPerMinute * this.#bagSize() * dtMs) / 60_000;
    this.#budget = this.#budget - Math.floor(this.#budget) + demand;
  }

  endStep(): void {
    const bagSize = this.#bagSize();
    if (bagSize > 0 && this.#fill >= bagSize) {
      const bags = Math.floor(this.#fill / bagSize);
      this.#fill -= bags * bagSize;
      const packed = this.#store.get(this.deviceId, Label.BagsPacked);
      this.#store.set(this.deviceId, Label.BagsPacked, packed + bags, 'plant');
    }
    if (this.#store.has(this.deviceId, Label.ScaleWeight)) {
      this.#store.set(this.deviceId, Label.ScaleWeight, fromCentiLbs(this.#fill), 'plant');
    }
  }

  /**
   * A device whose tags give no bag size (its tags were changed on the console) fills no bag
   * and draws nothing, rather than stopping the whole plant's clock on every tick.
   */
  #bagSize(): number {
    if (!this.#store.has(this.deviceId, Label.BagSize)) return 0;
    return toCentiLbs(this.#store.get(this.deviceId, Label.BagSize));
  }
}
