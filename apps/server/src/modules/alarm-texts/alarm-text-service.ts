import type { AlarmText } from '@roastery/contract';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { DeviceDirectory } from '../devices/device-directory.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { AlarmTextRepository, AlarmTextRow } from './alarm-text-repository.ts';

const present = (r: AlarmTextRow): AlarmText => ({ id: r.id, index: r.index, message: r.message });
const duplicate = (index: number) =>
  conflict(`Alarm ID ${index} already has a text on this device.`);

export class AlarmTextService {
  readonly #repo: AlarmTextRepository;
  readonly #devices: DeviceDirectory;
  readonly #notifications: NotificationService;

  constructor(
    repo: AlarmTextRepository,
    devices: DeviceDirectory,
    notifications: NotificationService,
  ) {
    this.#repo = repo;
    this.#devices = devices;
    this.#notifications = notifications;
  }

  /** The text an administrator gave a device's alarm code, if any. */
  textFor(deviceRef: number, code: number): Promise<string | undefined> {
    return this.#repo.textFor(deviceRef, code);
  }

  /** The texts of these (device, alarm code) pairs, by device then code; no query for none. */
  textsFor(
    pairs: { deviceRef: number; index: number }[],
  ): Promise<Map<number, Map<number, string>>> {
    return this.#repo.textsFor(pairs);
  }

  async list(deviceCode: string): Promise<AlarmText[]> {
    const device = await this.#devices.require(deviceCode);
    return (await this.#repo.list(device.id)).map(present);
  }

  async create(deviceCode: string, index: number, message: string): Promise<AlarmText> {
    const device = await this.#devices.require(deviceCode);
    try {
      return present(await this.#repo.insert({ deviceId: device.id, index, message }));
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(index);
      throw error;
    }
  }

  async update(id: number, index: number, message: string): Promise<AlarmText> {
    try {
      const row = await this.#repo.update(id, { index, message });
      if (!row) throw notFound('Alarm text not found.');
      return present(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(index);
      throw error;
    }
  }

  async delete(id: number): Promise<void> {
    if (!(await this.#repo.delete(id))) throw notFound('Alarm text not found.');
  }

  /** Overwrites every alarm text of the target device with the source device's. */
  async import(fromCode: string, toCode: string): Promise<number> {
    const [from, to] = await Promise.all([
      this.#devices.require(fromCode),
      this.#devices.require(toCode),
    ]);
    return this.#repo.replaceAll(from.id, to.id);
  }

  /** An operator's own alarm message for a device, raised as an alarm notification. */
  async sendMessage(deviceCode: string, message: string, by: string): Promise<void> {
    const device = await this.#devices.require(deviceCode);
    await this.#notifications.raise({
      type: 'alarm',
      text: `${device.name}: ${message}`,
      by,
      deviceRef: device.id,
    });
  }
}
