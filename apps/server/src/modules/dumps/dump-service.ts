import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import {
  SettingRef,
  dumpMessages,
  type CreateDumpBody,
  type Dump,
  type DumpTarget,
  type DumpError,
  type DumpTargetType,
  type WaitingDump,
} from '@roastery/contract';
import type { WorkflowEngine } from '@roastery/engine';
import { conflict, notFound, unavailable, unprocessable } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import type { BeanService } from '../beans/bean-service.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import { formatCenti, fromCenti, toCenti } from '../inventory/weights.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { EndedRun, RunSettler } from '../../plant/settlement/run-settlement.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import type { DumpRepository, DumpRow } from './dump-repository.ts';

dayjs.extend(utc);

const KIND: Record<DumpTargetType, 'silo' | 'roaster' | 'bagging'> = {
  'Silo Bin': 'silo',
  Roaster: 'roaster',
  'Manual Bagging Station': 'bagging',
};

export interface DumpServiceDeps {
  repo: DumpRepository;
  beans: BeanService;
  ledger: LedgerService;
  settings: SettingsService;
  workflows: WorkflowService;
  engine: WorkflowEngine;
  notifications: NotificationService;
  runtime: PlantRuntime;
  /** The simulated plant's people; absent where nobody simulates them. */
  crew?: { tipBags(workflowDevices: string[], lbs: number): void };
  hub: EventHub;
}

function present(r: DumpRow): Dump {
  const d = r.dump;
  return {
    id: d.id,
    lot_number: r.lotNumber,
    bean_id: d.beanId,
    bean_name: r.beanName,
    order_id: d.orderId,
    device_id: r.deviceCode,
    device_name: r.deviceName,
    type:
      (Object.keys(KIND) as DumpTargetType[]).find((k) => KIND[k] === d.targetKind) ?? 'Silo Bin',
    amount: fromCenti(d.bookedCenti ?? d.centiLbs),
    status: d.status,
    acknowledged: d.status !== 'pending',
    workflow_id: d.workflowId,
    error: d.error,
    created_at: d.createdAt.toISOString(),
    acknowledged_at: d.acknowledgedAt?.toISOString() ?? null,
    completed_at: d.completedAt?.toISOString() ?? null,
  };
}

/**
 * Green intake. A dump is requested (target chosen by the operator, or by the console in auto
 * dump mode), acknowledged by the operator at the station, which starts the dumping workflow of
 * its target; when that run finishes, the beans are posted to the ledger and the dump is done.
 */
export class DumpService {
  readonly #d: DumpServiceDeps;

  constructor(deps: DumpServiceDeps) {
    this.#d = deps;
  }

  async list(status: 'all' | 'finished' | DumpRow['dump']['status']): Promise<Dump[]> {
    const statuses =
      status === 'all'
        ? undefined
        : status === 'finished'
          ? (['completed', 'closed'] as const)
          : ([status] as const);
    return (await this.#d.repo.list(statuses ? { statuses: [...statuses] } : {})).map(present);
  }

  async get(id: number): Promise<Dump> {
    const row = await this.#d.repo.find(id);
    if (!row) throw notFound(`Dump request ${id} not found.`);
    return present(row);
  }

  /** The devices of a dump target type, with what they hold (the dump form's device buttons). */
  async devicesOf(type: DumpTargetType): Promise<DumpTarget[]> {
    const devices = await this.#d.repo.devicesOfType(type);
    const contents = new Map((await this.#d.ledger.siloContents()).map((c) => [c.device_id, c]));
    return devices.map((d) => ({
      device_id: d.code,
      device_name: d.name,
      occupancy: contents.get(d.code)?.occupancy ?? 0,
      capacity: d.capacity,
      beans: contents.get(d.code)?.beans.map((b) => b.bean_name) ?? [],
      fits: true,
      reason: null,
    }));
  }

  /** Where a dump of this bean and weight could go: every device of the type, with whether it fits. */
  async targets(beanId: number, amount: number, type: DumpTargetType): Promise<DumpTarget[]> {
    const bean = await this.#d.beans.find(beanId);
    if (!bean) throw notFound(`Bean ${beanId} not found.`);
    const devices = await this.#d.repo.devicesOfType(type);
    const contents = new Map((await this.#d.ledger.siloContents()).map((c) => [c.device_id, c]));
    const allowed = new Set(bean.bins);
    const centi = toCenti(amount);
    return devices.map((d) => {
      const held = contents.get(d.code);
      const occupancy = held?.occupancy ?? 0;
      const beanNames = held?.beans.map((b) => b.bean_name) ?? [];
      const otherBeans = held?.beans.some((b) => b.bean_id !== beanId) ?? false;
      const reason =
        allowed.size && !allowed.has(d.code)
          ? `${bean.bean_name} is not kept in ${d.name}`
          : otherBeans
            ? `${d.name} holds other beans`
            : d.capacity !== null && toCenti(occupancy) + centi > toCenti(d.capacity)
              ? `${d.name} has room for ${fromCenti(toCenti(d.capacity) - toCenti(occupancy))} lbs`
              : null;
      return {
        device_id: d.code,
        device_name: d.name,
        occupancy,
        capacity: d.capacity,
        beans: beanNames,
        fits: reason === null,
        reason,
      };
    });
  }

  /** Auto dump mode: a silo that already holds this bean and has room, else an empty one. */
  async #chooseSilo(beanId: number, amount: number): Promise<string> {
    const options = (await this.targets(beanId, amount, 'Silo Bin')).filter((t) => t.fits);
    const sameBean = options
      .filter((t) => t.beans.length > 0)
      .sort((a, b) => b.occupancy - a.occupancy);
    const empty = options.filter((t) => t.beans.length === 0);
    const chosen = sameBean[0] ?? empty[0];
    if (!chosen)
      throw conflict(
        `No silo can take ${amount} lbs of this bean: every silo is full or holds other beans.`,
      );
    return chosen.device_id;
  }

  async create(body: CreateDumpBody, who: Principal): Promise<Dump> {
    const mode = await this.#d.settings.value(SettingRef.DumpMode);
    if (mode === 'manual' && !body.type) throw unprocessable(dumpMessages.type);
    if (mode === 'manual' && !body.device_id) throw unprocessable(dumpMessages.device);
    const type = body.type ?? 'Silo Bin';
    if (type === 'Roaster') throw unprocessable(dumpMessages.roaster);
    const bean = await this.#d.beans.find(body.bean_id);
    if (!bean) throw notFound(`Bean ${body.bean_id} not found.`);
    const code = body.device_id ?? (await this.#chooseSilo(body.bean_id, body.amount));
    const target = (await this.targets(body.bean_id, body.amount, type)).find(
      (t) => t.device_id.toLowerCase() === code.toLowerCase(),
    );
    if (!target) throw unprocessable(`${code} is not a ${type}.`);
    if (!target.fits)
      throw conflict(`The dump cannot go to ${target.device_name}: ${target.reason}.`);
    const device = (await this.#d.repo.devicesOfType(type)).find(
      (d) => d.code === target.device_id,
    );
    if (!device) throw notFound(`Device ${code} not found.`);
    const lotNumber = body.lot_number ?? (await this.#newLotNumber());
    const lotId = await this.#d.ledger.createLot({ lotNumber, beanId: bean.id, kind: 'green' });
    const id = await this.#d.repo.insert({
      lotId,
      beanId: bean.id,
      centiLbs: toCenti(body.amount),
      targetKind: KIND[type],
      targetDevice: device.id,
      orderId: body.order_id ?? null,
      status: 'pending',
      requestedBy: who.id,
    });
    return this.get(id);
  }

  /** 'DMP-' + MMDDYYYYHHmmss; two dumps in one second get '-2', '-3'. */
  async #newLotNumber(): Promise<string> {
    const base = `DMP-${dayjs.utc().format('MMDDYYYYHHmmss')}`;
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await this.#d.ledger.lotExists(candidate))) return candidate;
    }
  }

  /** The operator has the bags at the station: start the dumping workflow of the target. */
  async acknowledge(id: number, who: Principal): Promise<Dump> {
    const dump = await this.get(id);
    if (dump.status !== 'pending' && dump.status !== 'failed') {
      throw conflict(`Dump request ${id} is ${dump.status}, not waiting to be acknowledged.`);
    }
    const workflow = await this.#fillingWorkflow(
      dump.device_id,
      dump.status === 'failed' ? dump.workflow_id : null,
    );
    if (!workflow) {
      throw conflict(`No dumping workflow fills ${dump.device_name}. Add one under Workflows.`);
    }
    // A retried dump keeps the level of its first start: what reached the silo counts from there.
    const row = await this.#d.repo.find(id);
    const level = row?.dump.levelAtStartCenti ?? this.#level(dump.device_id);
    if (dump.status === 'pending') {
      const steps = (await this.#d.workflows.get(workflow.id)).steps;
      this.#d.crew?.tipBags(
        steps.map((s) => s.device_id),
        dump.amount,
      );
    }
    const result = await this.#d.engine.start(workflow.id, { who: who.fullName });
    if (!result.ok) throw conflict(result.message);
    await this.#d.repo.transition(id, ['pending', 'failed'], {
      status: 'acknowledged',
      workflowId: workflow.id,
      runId: result.run.id,
      error: null,
      acknowledgedBy: who.id,
      acknowledgedAt: new Date(),
      levelAtStartCenti: level,
    });
    this.#changed(id);
    await this.#d.engine.handlePlantEvent('dump_acknowledged', who.fullName);
    return this.get(id);
  }

  /**
   * The dumping workflow that fills the target: a retried dump's own, since what is left of its
   * bags is on that station's scale; else the first by name whose devices no run drives now, so
   * that a dump goes through the second dump station while the first is busy; else the first,
   * whose start then says what holds it.
   */
  async #fillingWorkflow(target: string, retried: number | null) {
    const candidates = await this.#d.workflows.workflowsDriving('dumping', target);
    const own = candidates.find((c) => c.workflow.id === retried);
    if (own) return own.workflow;
    const busy = new Set(
      this.#d.engine.activeRuns().flatMap((run) => run.steps.map((s) => s.device_id.toLowerCase())),
    );
    const free = candidates.find((c) => c.devices.every((d) => !busy.has(d.toLowerCase())));
    return (free ?? candidates[0])?.workflow;
  }

  /** The roaster dump-request popup's Ok: the request is closed without beans moving here. */
  async close(id: number): Promise<Dump> {
    const dump = await this.get(id);
    if (!(await this.#d.repo.transition(id, ['pending', 'failed'], { status: 'closed' }))) {
      throw conflict(`Dump request ${id} is ${dump.status} and cannot be closed.`);
    }
    return this.get(id);
  }

  /** Deletes a pending request, and its lot when nothing else names it (a new dump's own lot). */
  async delete(id: number): Promise<void> {
    const row = await this.#d.repo.find(id);
    if (!row) throw notFound(`Dump request ${id} not found.`);
    if (!(await this.#d.repo.delete(id))) {
      throw conflict(
        `Dump request ${id} is ${row.dump.status}: only a pending request can be deleted.`,
      );
    }
    await this.#d.ledger.deleteUnusedLot(row.dump.lotId);
    this.#changed(id);
  }

  async notify(id: number, message: string | undefined, who: Principal): Promise<void> {
    const dump = await this.get(id);
    await this.#d.notifications.raise({
      type: 'other',
      text:
        message ??
        `Dump ${dump.lot_number}: ${dump.amount} lbs of ${dump.bean_name} for ${dump.device_name}`,
      by: who.fullName,
    });
  }

  /** A silo's level as the PLC weighs it, in hundredths; null when it has not reported. */
  #level(deviceCode: string): number | null {
    const lbs = this.#d.runtime.reading(deviceCode, 'occupancy');
    return lbs === null ? null : toCenti(lbs);
  }

  /** Pending requests nobody has reminded the operators of yet, oldest first. */
  async waiting(now = Date.now()): Promise<WaitingDump[]> {
    const rows = await this.#d.repo.list({ statuses: ['pending'] });
    return rows
      .filter((r) => r.dump.remindedAt === null)
      .reverse()
      .map((r) => ({
        ...present(r),
        waiting_seconds: Math.max(0, Math.floor((now - r.dump.createdAt.getTime()) / 1000)),
      }));
  }

  /** A supervisor asks the operators to see to a waiting request. */
  async remind(id: number, who: Principal): Promise<void> {
    const row = await this.#d.repo.find(id);
    if (!row) throw notFound(`Dump request ${id} not found.`);
    if (row.dump.remindedAt !== null)
      throw conflict(`The operators were already reminded of dump request ${id}.`);
    const reminded = await this.#d.repo.transition(id, ['pending'], {
      status: 'pending',
      remindedAt: new Date(),
      remindedBy: who.id,
    });
    if (!reminded)
      throw conflict(
        `Dump request ${id} is ${row.dump.status}: only a waiting request can be reminded of.`,
      );
    const dump = present(row);
    await this.#d.notifications.raise({
      type: 'warning',
      text: `Dump ${dump.lot_number} (${dump.amount} lbs of ${dump.bean_name} for ${dump.device_name}) is waiting at the dump station: please acknowledge it.`,
      by: who.fullName,
    });
    this.#changed(id);
  }

  /** Dumps whose run did not finish, with what the silo's level says reached it. */
  async errors(): Promise<DumpError[]> {
    const rows = await this.#d.repo.list({ statuses: ['failed'] });
    return rows.map((r) => {
      const moved = this.#movedInto(r);
      return {
        ...present(r),
        moved_amount: moved === null ? null : fromCenti(moved),
        remaining: fromCenti(r.dump.centiLbs - (moved ?? 0)),
      };
    });
  }

  /** Level now minus level at the start, within 0 and the dump's weight. */
  #movedInto(r: DumpRow): number | null {
    const start = r.dump.levelAtStartCenti;
    const now = this.#level(r.deviceCode);
    if (start === null || now === null) return null;
    return Math.min(r.dump.centiLbs, Math.max(0, now - start));
  }

  /**
   * The dump-error prompt's answer. N: book what went in and ask for a new dump of the rest;
   * B: book what went in and end the dump (the rest stays in its bags); C: run it again.
   */
  async resolveError(id: number, type: 'N' | 'B' | 'C', who: Principal): Promise<Dump> {
    const row = await this.#d.repo.find(id);
    if (!row) throw notFound(`Dump request ${id} not found.`);
    if (row.dump.status !== 'failed')
      throw conflict(`Dump request ${id} is ${row.dump.status}, not failed.`);
    if (type === 'C') return this.acknowledge(id, who);
    const moved = this.#movedInto(row);
    if (moved === null)
      throw unavailable(
        `The PLC has not reported the level of ${row.deviceName}, so what went in cannot be booked now.`,
      );
    const d = row.dump;
    if (moved > 0) {
      await this.#d.ledger.receive({
        toDevice: d.targetDevice,
        lotId: d.lotId,
        lbs: fromCenti(moved),
        reason: 'dump',
        dumpId: d.id,
        userId: who.id,
        note: `${formatCenti(moved)} of ${formatCenti(d.centiLbs)} reached the silo; settled by ${who.fullName}.`,
      });
    }
    await this.#d.repo.transition(id, ['failed'], {
      status: moved > 0 ? 'completed' : 'closed',
      bookedCenti: moved,
      completedAt: new Date(),
    });
    if (type === 'N' && d.centiLbs - moved > 0) {
      await this.#d.repo.insert({
        lotId: d.lotId,
        beanId: d.beanId,
        centiLbs: d.centiLbs - moved,
        targetKind: d.targetKind,
        targetDevice: d.targetDevice,
        orderId: d.orderId,
        status: 'pending',
        requestedBy: who.id,
      });
    }
    this.#changed(id);
    return this.get(id);
  }

  #changed(id: number): void {
    this.#d.hub.publish({ type: 'dump', id });
  }

  /** The dump's half of run settlement: a dump's run posts its lot into the target. */
  settler(): RunSettler<DumpRow> {
    return {
      requestOf: async (runId) =>
        (await this.#d.repo.list({ runId, statuses: ['acknowledged'] }))[0],
      waiting: async () =>
        (await this.#d.repo.list({ statuses: ['acknowledged'] })).map((r) => ({
          workflowId: r.dump.workflowId,
          runId: r.dump.runId,
        })),
      settle: (row, run) => this.#settle(row, run),
      fail: async (row, reason) => {
        await this.#d.repo.transition(row.dump.id, ['acknowledged'], {
          status: 'failed',
          error: reason,
        });
        this.#changed(row.dump.id);
      },
      describe: (row) => `Dump ${row.lotNumber} into ${row.deviceName}`,
    };
  }

  async #settle(row: DumpRow, run: EndedRun): Promise<void> {
    const d = row.dump;
    if (run.state !== 'finished') {
      await this.#d.repo.transition(d.id, ['acknowledged'], {
        status: 'failed',
        error: `The dumping workflow ${run.state}.`,
      });
      this.#changed(d.id);
      return;
    }
    // Booked and completed in one transaction: a crash between the two would leave the dump
    // waiting with its beans booked, and settling it after the restart would book them again.
    await this.#d.ledger.receive(
      {
        toDevice: d.targetDevice,
        lotId: d.lotId,
        lbs: fromCenti(d.centiLbs),
        reason: 'dump',
        dumpId: d.id,
        ...(d.acknowledgedBy ? { userId: d.acknowledgedBy } : {}),
      },
      async (tx) => {
        const completed = await this.#d.repo.transition(
          d.id,
          ['acknowledged'],
          { status: 'completed', completedAt: new Date() },
          tx,
        );
        if (!completed) throw conflict(`Dump request ${d.id} was settled already.`);
      },
    );
    this.#changed(d.id);
  }
}
