import type { Dump, Transfer } from '@roastery/contract';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantEvent, PlantEventOf } from '../../plant/hub/plant-events.ts';
import type { EventLogService } from './event-log-service.ts';

export interface EventRecorderDeps {
  hub: EventHub;
  eventLog: EventLogService;
  /** Looks up what the log names: a device by its plant code, a workflow, a dump, a transfer. */
  deviceRef: (code: string) => Promise<{ ref: number; name: string } | undefined>;
  workflowName: (id: number) => Promise<string | undefined>;
  dump: (id: number) => Promise<Dump | undefined>;
  transfer: (id: number) => Promise<Transfer | undefined>;
  onError: (err: unknown, event: PlantEvent) => void;
}

const orderChanges: Record<PlantEventOf<'order'>['change'], string> = {
  saved: 'saved',
  status: 'changed status',
  batch: 'started or ended a batch',
  deleted: 'deleted',
};

const configAreas: Record<PlantEventOf<'config'>['area'], string> = {
  workflow: 'Workflow',
  user: 'User',
  device: 'Device',
  'device-type': 'Device type',
  product: 'Product',
  bean: 'Bean',
  'alarm-text': 'Alarm text',
  'device-status': 'Device status',
  'admin-report': 'Report',
  'plant-data': 'Plant data publishing',
  'alarm-delivery': 'Alarm messages',
};

const sessionChanges: Record<PlantEventOf<'session'>['change'], string> = {
  'signed-in': 'signed in',
  refused: 'was refused sign-in',
};

/**
 * Fills the events log from the hub: PLC writes and the PLC link as the runtime publishes them,
 * workflow steps and run states, order and batch transitions, dumps, transfers, console alarms,
 * sign-ins, setting and configuration changes, roasting paths, and services started or stopped.
 * Mode switches are logged by the devices service, PLC alarm codes with the alarms they raise
 * (the notifications area).
 */
export class EventRecorder {
  readonly #d: EventRecorderDeps;
  readonly #unsubscribe: (() => void)[] = [];
  /** The last status logged per dump and transfer: their events repeat for every update. */
  readonly #dumpStatus = new Map<number, string>();
  readonly #transferStatus = new Map<number, string>();
  #pending: Promise<void> = Promise.resolve();
  #flooding = false;

  constructor(deps: EventRecorderDeps) {
    this.#d = deps;
  }

  start(): void {
    const { hub } = this.#d;
    // Every instance sees every event; the one where it happened logs it.
    const thisInstance = { from: 'this-instance' } as const;
    this.#unsubscribe.push(
      hub.subscribe(
        'plc-link',
        (e) =>
          this.#queue(e, () =>
            this.#d.eventLog.record({
              kind: 'plc-link',
              description:
                e.change === 'lost'
                  ? `PLC connection lost: ${e.error}`
                  : `PLC connection restored after ${Math.round(e.downtimeMs / 1000)} s`,
            }),
          ),
        thisInstance,
      ),
      hub.subscribe('plc-write', (e) => this.#queue(e, () => this.#write(e)), thisInstance),
      hub.subscribe('run', (e) => this.#queue(e, () => this.#run(e)), thisInstance),
      hub.subscribe(
        'order',
        (e) =>
          this.#queue(e, () =>
            this.#d.eventLog.record({
              kind: 'order',
              description: `Order ${e.id} ${orderChanges[e.change]}`,
            }),
          ),
        thisInstance,
      ),
      hub.subscribe('dump', (e) => this.#queue(e, () => this.#dump(e.id)), thisInstance),
      hub.subscribe('transfer', (e) => this.#queue(e, () => this.#transfer(e.id)), thisInstance),
      hub.subscribe(
        'notification',
        (e) => this.#queue(e, () => this.#notification(e)),
        thisInstance,
      ),
      hub.subscribe(
        'alarm-flood',
        (e) => {
          // The flood event repeats while the flood grows: only its start and end are events.
          if (e.flooding === this.#flooding) return;
          this.#flooding = e.flooding;
          this.#queue(e, () =>
            this.#d.eventLog.record({
              kind: 'alarm',
              description: e.flooding
                ? `Alarm flood: ${e.count} alarms in 10 minutes`
                : 'Alarm flood ended',
            }),
          );
        },
        thisInstance,
      ),
      hub.subscribe(
        'session',
        (e) =>
          this.#queue(e, () =>
            this.#d.eventLog.record({
              kind: 'sign-in',
              description: `${e.username} ${sessionChanges[e.change]}`,
              userName: e.username,
              result: e.change === 'refused' ? 'refused' : 'ok',
            }),
          ),
        thisInstance,
      ),
      hub.subscribe(
        'setting',
        (e) =>
          this.#queue(e, () =>
            this.#d.eventLog.record({
              kind: 'setting',
              description: `Setting '${e.label}' (${e.ref_id}) set to '${e.value}'`,
              userName: e.by,
            }),
          ),
        thisInstance,
      ),
      hub.subscribe(
        'path',
        (e) =>
          this.#queue(e, () =>
            this.#d.eventLog.record({
              kind: 'path',
              description: `Roasting path '${e.name}' ${e.change}`,
              userName: e.by,
            }),
          ),
        thisInstance,
      ),
      hub.subscribe(
        'config',
        (e) =>
          this.#queue(e, () =>
            this.#d.eventLog.record({
              kind: 'config',
              description: `${configAreas[e.area]} '${e.target}': ${e.action}`,
              userName: e.by,
            }),
          ),
        thisInstance,
      ),
      hub.subscribe(
        'service',
        (e) =>
          this.#queue(e, () =>
            this.#d.eventLog.record({
              kind: 'service',
              description: `${e.name} ${e.status === 'running' ? 'started' : 'stopped'}`,
              userName: e.by,
            }),
          ),
        thisInstance,
      ),
    );
  }

  stop(): void {
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
  }

  /** Resolves when every event received so far is in the log (tests and shutdown). */
  settled(): Promise<void> {
    return this.#pending;
  }

  /** Writes one at a time, in the order the hub delivered them, so the log keeps that order. */
  #queue(event: PlantEvent, write: () => Promise<void>): void {
    this.#pending = this.#pending.then(write).catch((err: unknown) => this.#d.onError(err, event));
  }

  async #write(e: PlantEventOf<'plc-write'>): Promise<void> {
    const r = e.record;
    // A control loop's output lands every second, each one replacing the last: the roast's
    // record keeps what it wrote, the log what failed.
    if (r.routine && (r.result === 'ok' || r.result === 'superseded')) return;
    await this.#d.eventLog.record({
      kind: 'plc-write',
      deviceId: e.device?.ref ?? null,
      deviceName: e.device?.name ?? r.device_id,
      // The one entry of a write: a run's own timeline entry of it is left out of the log.
      description: `${e.label} set to ${r.value}: ${r.result}${r.error ? ` (${r.error})` : ''}${r.context ? ` — ${r.context}` : ''}`,
      userName: r.who,
      commandKind: r.command_kind,
      commandId: r.command_id,
      value: r.value,
      result: r.result,
      latencyMs: Math.round(r.latencyMs),
    });
  }

  async #run(e: PlantEventOf<'run'>): Promise<void> {
    if (e.change !== 'state' && e.change !== 'timeline') return;
    // Every PLC write is logged with its value and result (#write): once is enough.
    if (e.change === 'timeline' && e.reportsWrite) return;
    const workflow = (await this.#d.workflowName(e.workflow_id)) ?? `Workflow ${e.workflow_id}`;
    if (e.change === 'state') {
      await this.#d.eventLog.record({
        kind: 'workflow',
        description: `${workflow}: run ${e.state}${e.error ? ` (${e.error})` : ''}`,
        result: e.state,
      });
      return;
    }
    const { entry } = e;
    const device = entry.device_id ? await this.#d.deviceRef(entry.device_id) : undefined;
    await this.#d.eventLog.record({
      kind: 'workflow',
      deviceId: device?.ref ?? null,
      deviceName: device?.name ?? entry.device_id ?? '',
      description: `${workflow}: ${entry.message}`,
    });
  }

  async #dump(id: number): Promise<void> {
    const dump = await this.#d.dump(id);
    if (!dump || this.#dumpStatus.get(id) === dump.status) return;
    this.#dumpStatus.set(id, dump.status);
    const device = await this.#d.deviceRef(dump.device_id);
    await this.#d.eventLog.record({
      kind: 'dump',
      deviceId: device?.ref ?? null,
      deviceName: dump.device_name,
      description: `Dump ${id}: ${dump.amount} lbs of ${dump.bean_name} to ${dump.device_name}, ${dump.status}`,
      value: dump.amount,
      result: dump.status,
    });
  }

  async #transfer(id: number): Promise<void> {
    const transfer = await this.#d.transfer(id);
    if (!transfer || this.#transferStatus.get(id) === transfer.status) return;
    this.#transferStatus.set(id, transfer.status);
    const device = await this.#d.deviceRef(transfer.source_device_id);
    await this.#d.eventLog.record({
      kind: 'transfer',
      deviceId: device?.ref ?? null,
      deviceName: transfer.source_device_name,
      description: `Transfer ${id}: ${transfer.bean_name} from ${transfer.source_device_name} to ${transfer.target_device_name}, ${transfer.status}`,
      value: transfer.moved_amount ?? transfer.target_amount,
      result: transfer.status,
    });
  }

  async #notification(e: PlantEventOf<'notification'>): Promise<void> {
    // A notification with a source is a plant condition its owner logs (the PLC link, a PLC
    // alarm code); acknowledgements and clearances are not new events.
    if (!e.raised || e.raised.source !== null) return;
    const n = e.notification;
    const device = n.device_id ? await this.#d.deviceRef(n.device_id) : undefined;
    await this.#d.eventLog.record({
      kind: 'alarm',
      deviceId: device?.ref ?? null,
      deviceName: device?.name ?? '',
      description: `${n.type === 'alarm' ? 'Alarm' : n.type === 'warning' ? 'Warning' : 'Notice'}: ${n.text}`,
      userName: n.by,
    });
  }
}
