export interface LockHolder {
  run_id: string;
  workflow_name: string;
}

/**
 * One device, one run: a run holds every device it writes to from start until it ends, and an
 * interrupted run keeps them, so nothing else drives them while a person decides.
 */
export class DeviceLocks {
  readonly #holders = new Map<string, LockHolder>();

  /** The first device already held by another run, if any. */
  conflict(
    devices: readonly string[],
    runId: string,
  ): { device_id: string; holder: LockHolder } | undefined {
    for (const device_id of devices) {
      const holder = this.#holders.get(device_id);
      if (holder && holder.run_id !== runId) return { device_id, holder };
    }
    return undefined;
  }

  acquire(devices: readonly string[], holder: LockHolder): void {
    for (const device of devices) this.#holders.set(device, holder);
  }

  release(runId: string): void {
    for (const [device, holder] of this.#holders) {
      if (holder.run_id === runId) this.#holders.delete(device);
    }
  }

  releaseAll(): void {
    this.#holders.clear();
  }

  holderOf(deviceId: string): LockHolder | undefined {
    return this.#holders.get(deviceId);
  }
}
