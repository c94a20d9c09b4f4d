import {
  TransferState,
  transferLimitMessage,
  transferMessages,
  type ConveyorRoutes,
  type CreateTransferBody,
  type SiloPrompt,
  type SiloContents,
  type Transfer,
  type TransferBin,
} from '@roastery/contract';
import type { Executor } from '@roastery/db';
import type { WorkflowEngine } from '@roastery/engine';
import { conflict, notFound, unavailable, unprocessable } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import type { BeanService } from '../beans/bean-service.ts';
import { nameHolding } from '../inventory/holding-name.ts';
import type { LedgerService, MoveInput, WithBooking } from '../inventory/ledger-service.ts';
import { formatCenti, fromCenti, toCenti } from '../inventory/weights.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { CommandRole } from '../../plant/catalog/plant-catalog.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { EndedRun, RunSettler } from '../../plant/settlement/run-settlement.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import type {
  RouteRow,
  TransferRepository,
  TransferRow,
  TransferStatus,
} from './transfer-repository.ts';

/** The conveyor's commands: the PLC selects routes by number and weighs what passes. */
const CONVEYOR_ROLES = {
  source: 'transfer-source',
  target: 'transfer-target',
  weight: 'transfer-weight',
} as const satisfies Record<string, CommandRole>;

export interface TransferServiceDeps {
  repo: TransferRepository;
  ledger: LedgerService;
  beans: BeanService;
  workflows: WorkflowService;
  engine: WorkflowEngine;
  runtime: PlantRuntime;
  hub: EventHub;
  notifications: NotificationService;
  logger: { error(obj: object, msg: string): void };
}

/** Re-entry bins take back roasted beans for rework; they only ever give beans to a transfer. */
function isReEntry(typeName: string): boolean {
  return /re-?entry/i.test(typeName);
}

/** What a transfer books on the ledger: the same for checking it and for booking it. */
function movementOf(
  t: Pick<
    TransferRow['transfer'],
    'sourceDevice' | 'targetDevice' | 'beanId' | 'segregationOverride'
  >,
  lbs: number,
): MoveInput {
  return {
    fromDevice: t.sourceDevice,
    toDevice: t.targetDevice,
    lbs,
    reason: 'transfer',
    ...(t.beanId === null ? {} : { beanId: t.beanId }),
    ...(t.segregationOverride ? { segregationOverride: true } : {}),
  };
}

function present(r: TransferRow): Transfer {
  const t = r.transfer;
  return {
    id: t.id,
    source_device_id: r.sourceCode,
    source_device_name: r.sourceName,
    target_device_id: r.targetCode,
    target_device_name: r.targetName,
    target_amount: fromCenti(t.centiLbs),
    moved_amount: t.movedCenti === null ? null : fromCenti(t.movedCenti),
    bean_id: t.beanId,
    bean_name: t.beanName,
    status: t.status,
    is_processing: t.status === 'processing',
    segregation_override: t.segregationOverride,
    conveyor_id: r.conveyorCode,
    workflow_id: t.workflowId,
    run_id: t.runId,
    error: t.error,
    created_by: r.requestedBy,
    created_at: t.createdAt.toISOString(),
    acknowledged_at: t.acknowledgedAt?.toISOString() ?? null,
    completed_at: t.completedAt?.toISOString() ?? null,
  };
}

/**
 * Silo-to-silo transfers. A transfer is asked for (checked against the ledger), acknowledged
 * (its conveyor's moving workflow runs with the route numbers and weight as dynamic values) and
 * booked on the ledger with the weight the conveyor measured when the run ends. A source that
 * runs empty on the way is a prompt for a person: bag off, wait, or carry on from a substitute.
 */
export class TransferService {
  readonly #d: TransferServiceDeps;
  #unsubscribe: (() => void) | undefined;

  constructor(deps: TransferServiceDeps) {
    this.#d = deps;
  }

  /** Follows the conveyors' transfer state, for the dashboard's empty-source prompt. */
  start(): void {
    this.#unsubscribe = this.#d.hub.subscribe('value', (value) => {
      if (value.role !== 'transfer-state') return;
      this.#onConveyorState(value.device_id, value.value).catch((err: unknown) =>
        this.#d.logger.error({ err }, 'transfer stall could not be recorded'),
      );
    });
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  async list(status: 'pending' | 'completed' | 'all'): Promise<Transfer[]> {
    const statuses: TransferStatus[] | undefined =
      status === 'pending'
        ? ['pending', 'processing']
        : status === 'completed'
          ? ['completed', 'failed']
          : undefined;
    return (await this.#d.repo.list(statuses ? { statuses } : {})).map(present);
  }

  async get(id: number): Promise<Transfer> {
    return present(await this.#row(id));
  }

  async #row(id: number): Promise<TransferRow> {
    const row = await this.#d.repo.find(id);
    if (!row) throw notFound(`Transfer ${id} not found.`);
    return row;
  }

  /** Every bin a conveyor reaches, with what the ledger says it holds. */
  async bins(): Promise<TransferBin[]> {
    const routes = await this.#binRoutes();
    const contents = new Map(
      (await this.#d.ledger.contentsOf(routes.map((r) => r.deviceRef))).map((c) => [
        c.device_id,
        c,
      ]),
    );
    const segregation = new Map((await this.#d.beans.list()).map((b) => [b.id, b.segregation]));
    return routes.map((r) => {
      const held = contents.get(r.deviceCode);
      const beans = held?.beans ?? [];
      return {
        id: r.deviceCode,
        name: r.deviceName,
        bean: nameHolding(held?.lots ?? []),
        bean_id: beans.length === 1 ? (beans[0]?.bean_id ?? null) : null,
        beans,
        segregations: [...new Set(beans.map((b) => segregation.get(b.bean_id) ?? ''))],
        binCapacity: r.capacity,
        currentWeight: held?.occupancy ?? 0,
        isReEntry: isReEntry(r.typeName),
        conveyor_id: r.conveyorCode,
      };
    });
  }

  /** One route per bin: the first conveyor that reaches it. */
  async #binRoutes(): Promise<RouteRow[]> {
    const seen = new Set<number>();
    return (await this.#d.repo.routes()).filter((r) => {
      if (seen.has(r.deviceRef)) return false;
      seen.add(r.deviceRef);
      return true;
    });
  }

  async create(body: CreateTransferBody, who: Principal): Promise<Transfer> {
    const routes = await this.#d.repo.routes();
    const routeOf = (code: string, message: string) => {
      const route = routes.find((r) => r.deviceCode.toLowerCase() === code.toLowerCase());
      if (!route) throw unprocessable(`${message}: ${code} is not on a transfer conveyor.`);
      return route;
    };
    const source = routeOf(body.sourceBinId, transferMessages.source);
    const target = routes.find(
      (r) =>
        r.conveyorRef === source.conveyorRef &&
        r.deviceCode.toLowerCase() === body.targetBinId.toLowerCase(),
    );
    if (!target) {
      const other = routeOf(body.targetBinId, transferMessages.target);
      throw unprocessable(
        `${source.deviceName} and ${other.deviceName} are not on the same transfer conveyor.`,
      );
    }
    if (target.deviceRef === source.deviceRef)
      throw unprocessable('Choose a different target bin than the source bin.');
    if (isReEntry(target.typeName))
      throw unprocessable(`${target.deviceName} is a re-entry bin and cannot take a transfer.`);
    const contents = (await this.#d.ledger.contentsOf([source.deviceRef]))[0];
    const held = contents?.beans ?? [];
    let beanId = body.bean_id ?? null;
    if (isReEntry(source.typeName) && beanId === null) throw unprocessable(transferMessages.bean);
    if (beanId !== null && !held.some((b) => b.bean_id === beanId)) {
      const bean = await this.#d.beans.find(beanId);
      if (!bean) throw notFound(`Bean ${beanId} not found.`);
      throw unprocessable(`${source.deviceName} holds no ${bean.bean_name}.`);
    }
    if (beanId === null && held.length === 1) beanId = held[0]?.bean_id ?? null;
    await this.#checkWeight(source, target, body.targetWeight, held, beanId);
    const transfer = {
      sourceDevice: source.deviceRef,
      targetDevice: target.deviceRef,
      beanId,
      segregationOverride: body.segregation_override ?? false,
    };
    await this.#d.ledger.checkMove(movementOf(transfer, body.targetWeight));
    const beanName =
      nameHolding(
        (contents?.lots ?? []).filter((lot) => beanId === null || lot.bean_id === beanId),
      ) || 'Empty';
    const id = await this.#d.repo.insert({
      ...transfer,
      conveyorDevice: source.conveyorRef,
      beanName,
      centiLbs: toCenti(body.targetWeight),
      status: 'pending',
      requestedBy: who.id,
    });
    this.#changed(id);
    return this.get(id);
  }

  /** The spec's weight rule: more than 0, at most what the source holds and the target takes. */
  async #checkWeight(
    source: RouteRow,
    target: RouteRow,
    lbs: number,
    held: SiloContents['beans'],
    beanId: number | null,
  ) {
    const targetContents = await this.#d.ledger.contentsOf([target.deviceRef]);
    const available = held
      .filter((b) => beanId === null || b.bean_id === beanId)
      .reduce((sum, b) => sum + toCenti(b.lbs), 0);
    const room =
      target.capacity === null
        ? Number.POSITIVE_INFINITY
        : toCenti(target.capacity) - toCenti(targetContents[0]?.occupancy ?? 0);
    const most = Math.max(0, Math.min(available, room));
    if (toCenti(lbs) > most) {
      throw unprocessable(
        transferLimitMessage({
          most: formatCenti(most),
          source: source.deviceName,
          holds: formatCenti(available),
          ...(Number.isFinite(room)
            ? { room: { target: target.deviceName, lbs: formatCenti(room) } }
            : {}),
        }),
      );
    }
  }

  /** Acknowledge: the conveyor's moving workflow runs with this transfer's route and weight. */
  async acknowledge(id: number, who: Principal): Promise<Transfer> {
    const row = await this.#row(id);
    const t = row.transfer;
    if (t.status !== 'pending')
      throw conflict(`Transfer ${id} is ${t.status}, not waiting to be acknowledged.`);
    await this.#d.ledger.checkMove(movementOf(t, fromCenti(t.centiLbs)));
    const routes = (await this.#d.repo.routes()).filter((r) => r.conveyorRef === t.conveyorDevice);
    const routeNo = (ref: number) => routes.find((r) => r.deviceRef === ref)?.routeNo;
    const sourceNo = routeNo(t.sourceDevice);
    const targetNo = routeNo(t.targetDevice);
    if (sourceNo === undefined || targetNo === undefined)
      throw conflict(`The route of transfer ${id} is no longer on its conveyor.`);
    const { workflowId, dynamic } = await this.#movingWorkflow(row.conveyorCode, {
      [CONVEYOR_ROLES.source]: sourceNo,
      [CONVEYOR_ROLES.target]: targetNo,
      [CONVEYOR_ROLES.weight]: fromCenti(t.centiLbs),
    });
    const result = await this.#d.engine.start(workflowId, { who: who.fullName, dynamic });
    if (!result.ok) throw conflict(result.message);
    await this.#d.repo.update(id, ['pending'], {
      status: 'processing',
      workflowId,
      runId: result.run.id,
      error: null,
      acknowledgedBy: who.id,
      acknowledgedAt: new Date(),
    });
    this.#changed(id);
    return this.get(id);
  }

  /**
   * The moving workflow of a conveyor: the one whose dynamic steps set the conveyor's source,
   * target and weight. Its dynamic values are these, by step.
   */
  async #movingWorkflow(
    conveyorCode: string,
    values: Partial<Record<CommandRole, number>>,
  ): Promise<{ workflowId: number; dynamic: Record<string, number> }> {
    const catalog = this.#d.runtime.catalog();
    const roleOf = (commandId: number) => catalog?.roleOf('input', commandId) ?? '';
    for (const entry of await this.#d.workflows.list('moving')) {
      const workflow = await this.#d.workflows.get(entry.id);
      const dynamicSteps = workflow.steps.filter(
        (s) =>
          s.dynamic &&
          s.type === 'input' &&
          s.device_id.toLowerCase() === conveyorCode.toLowerCase() &&
          roleOf(s.command_id) in values,
      );
      const roles = new Set<string>(dynamicSteps.map((s) => roleOf(s.command_id)));
      if (Object.keys(values).every((role) => roles.has(role))) {
        return {
          workflowId: workflow.id,
          dynamic: Object.fromEntries(
            dynamicSteps.map((s) => {
              const role = catalog?.roleOf('input', s.command_id);
              return [String(s.id), (role && values[role]) ?? 0];
            }),
          ),
        };
      }
    }
    throw conflict(
      `No moving workflow sets the source, target and weight of ${conveyorCode}. Add one under Workflows.`,
    );
  }

  async delete(id: number): Promise<void> {
    const row = await this.#row(id);
    if (!(await this.#d.repo.delete(id)))
      throw conflict(
        `Transfer ${id} is ${row.transfer.status}: only a pending one can be deleted.`,
      );
    this.#changed(id);
  }

  /** Every conveyor's route table. */
  async routeTables(): Promise<ConveyorRoutes[]> {
    const tables = new Map<string, ConveyorRoutes>();
    for (const r of await this.#d.repo.routes()) {
      const table = tables.get(r.conveyorCode) ?? {
        conveyor_id: r.conveyorCode,
        conveyor_name: r.conveyorName,
        routes: [],
      };
      table.routes.push({
        route_no: r.routeNo,
        device_id: r.deviceCode,
        device_name: r.deviceName,
      });
      tables.set(r.conveyorCode, table);
    }
    return [...tables.values()];
  }

  /**
   * Replaces a conveyor's route table to match its PLC program. Refused while the conveyor
   * has a transfer under way, whose route numbers were taken from the old table.
   */
  async saveRoutes(conveyorCode: string, codes: string[]): Promise<ConveyorRoutes> {
    const refs = await this.#d.beans.devicesByCode([conveyorCode, ...codes]);
    const refOf = (code: string) => {
      const ref = refs.get(code.toLowerCase());
      if (ref === undefined) throw notFound(`Device ${code} not found.`);
      return ref;
    };
    const conveyor = refOf(conveyorCode);
    if (codes.some((code) => refOf(code) === conveyor))
      throw unprocessable('A conveyor cannot be a route of itself.');
    const busy = (await this.#d.repo.list({ statuses: ['processing'] })).find(
      (r) => r.transfer.conveyorDevice === conveyor,
    );
    if (busy)
      throw conflict(
        `Transfer ${busy.transfer.id} is under way on ${busy.conveyorCode}: change its routes once it has ended.`,
      );
    await this.#d.repo.replaceRoutes(
      conveyor,
      codes.map((code, index) => ({ routeNo: index + 1, device: refOf(code) })),
    );
    const saved = (await this.routeTables()).find(
      (t) => t.conveyor_id.toLowerCase() === conveyorCode.toLowerCase(),
    );
    return saved ?? { conveyor_id: conveyorCode, conveyor_name: conveyorCode, routes: [] };
  }

  /** Transfers naming a device, for the device's delete refusal. */
  async usesOfDevice(code: string): Promise<string[]> {
    return (await this.#d.repo.idsUsing(code)).map((id) => `transfer ${id}`);
  }

  // --- Empty source prompts ---------------------------------------------------------------

  /** Processing transfers whose source ran empty and nobody has answered yet. */
  async prompts(): Promise<SiloPrompt[]> {
    const rows = (await this.#d.repo.list({ statuses: ['processing'], stalled: true })).filter(
      (r) => !r.transfer.stallAnswered,
    );
    return Promise.all(rows.map((r) => this.#prompt(r)));
  }

  async #prompt(r: TransferRow): Promise<SiloPrompt> {
    const t = r.transfer;
    const moved = this.#measured(r.conveyorCode) ?? 0;
    const substitutes = await this.#substitutes(r);
    const chosen = substitutes.find((s) => s.ref === t.substituteDevice);
    return {
      transfer_id: t.id,
      source_device_id: r.sourceCode,
      source_device_name: r.sourceName,
      target_device_name: r.targetName,
      bean_id: t.beanId,
      bean_name: t.beanName,
      target_amount: fromCenti(t.centiLbs),
      moved_amount: fromCenti(moved),
      remaining: fromCenti(Math.max(0, t.centiLbs - moved)),
      since: (t.stalledSince ?? new Date()).toISOString(),
      substitutes: substitutes.map(({ ref: _ref, ...s }) => s),
      substitute_device_id: chosen?.device_id ?? null,
    };
  }

  /** Bins on the same conveyor that hold the transfer's bean, fullest first. */
  async #substitutes(r: TransferRow) {
    const t = r.transfer;
    if (t.beanId === null) return [];
    const routes = (await this.#d.repo.routes()).filter(
      (route) =>
        route.conveyorRef === t.conveyorDevice &&
        route.deviceRef !== t.sourceDevice &&
        route.deviceRef !== t.targetDevice &&
        !isReEntry(route.typeName),
    );
    const contents = await this.#d.ledger.contentsOf(routes.map((route) => route.deviceRef));
    return contents
      .map((c) => ({
        ref: routes.find((route) => route.deviceCode === c.device_id)?.deviceRef ?? 0,
        device_id: c.device_id,
        device_name: c.device_name,
        lbs: c.beans.find((b) => b.bean_id === t.beanId)?.lbs ?? 0,
      }))
      .filter((c) => c.lbs > 0)
      .sort((a, b) => b.lbs - a.lbs);
  }

  async #stalled(id: number): Promise<TransferRow> {
    const row = await this.#row(id);
    if (row.transfer.status !== 'processing' || row.transfer.stalledSince === null)
      throw conflict(
        `Transfer ${id} is not waiting for beans: only a transfer whose source ran empty can be answered.`,
      );
    return row;
  }

  /** Continue: keep the run waiting (someone refills the source); the prompt goes away. */
  async keepWaiting(id: number): Promise<Transfer> {
    await this.#stalled(id);
    await this.#d.repo.update(id, ['processing'], { stallAnswered: true });
    this.#changed(id);
    return this.get(id);
  }

  /** Bag off: end the transfer with what the conveyor moved; the run stops and is reset. */
  async bagOff(id: number, who: Principal): Promise<Transfer> {
    await this.#endWithWhatMoved(await this.#stalled(id), who, `Bagged off by ${who.fullName}`);
    return this.get(id);
  }

  /** The substitute-silo prompt's choice: a bin on the same conveyor holding the same bean. */
  async chooseSubstitute(id: number, deviceCode: string): Promise<SiloPrompt> {
    const row = await this.#stalled(id);
    const chosen = (await this.#substitutes(row)).find(
      (s) => s.device_id.toLowerCase() === deviceCode.toLowerCase(),
    );
    if (!chosen)
      throw unprocessable(
        `${deviceCode} cannot stand in for ${row.sourceName}: it must be on the same conveyor and hold ${row.transfer.beanName}.`,
      );
    await this.#d.repo.update(id, ['processing'], { substituteDevice: chosen.ref });
    this.#changed(id);
    return this.#prompt(await this.#row(id));
  }

  /**
   * Carry on from the chosen substitute: this transfer ends with what moved, and a new one takes
   * the rest from the substitute to the same target at once.
   */
  async continueFromSubstitute(id: number, who: Principal): Promise<Transfer> {
    const row = await this.#stalled(id);
    const t = row.transfer;
    if (t.substituteDevice === null)
      throw conflict(`Choose a substitute silo bin for transfer ${id} first.`);
    const substitute = (await this.#substitutes(row)).find((s) => s.ref === t.substituteDevice);
    const moved = await this.#endWithWhatMoved(
      row,
      who,
      `Continued from ${substitute?.device_name ?? 'a substitute'} by ${who.fullName}`,
    );
    const remaining = t.centiLbs - moved;
    if (remaining <= 0) return this.get(id);
    const next = await this.#d.repo.insert({
      sourceDevice: t.substituteDevice,
      targetDevice: t.targetDevice,
      conveyorDevice: t.conveyorDevice,
      beanId: t.beanId,
      beanName: t.beanName,
      centiLbs: remaining,
      status: 'pending',
      segregationOverride: t.segregationOverride,
      continues: t.id,
      requestedBy: who.id,
    });
    this.#changed(next);
    return this.acknowledge(next, who);
  }

  /** Books what the conveyor weighed, completes the transfer, then stops and resets the run. */
  async #endWithWhatMoved(row: TransferRow, who: Principal, why: string): Promise<number> {
    const t = row.transfer;
    const moved = this.#measured(row.conveyorCode);
    if (moved === null)
      throw unavailable(
        `The PLC has not reported what ${row.conveyorCode} moved, so the transfer cannot be booked now.`,
      );
    const end = async (tx?: Executor) => {
      const ended = await this.#d.repo.update(
        t.id,
        ['processing'],
        {
          status: 'completed',
          movedCenti: moved,
          stalledSince: null,
          completedAt: new Date(),
          error: moved < t.centiLbs ? `${why} after ${formatCenti(moved)}.` : null,
        },
        tx,
      );
      if (!ended) throw conflict(`Transfer ${t.id} ended meanwhile.`);
    };
    // Booked and ended together: a transfer that ended meanwhile books nothing more.
    if (moved > 0) await this.#book(row, moved, who.id, end);
    else await end();
    if (t.workflowId !== null) {
      await this.#d.engine.stop(t.workflowId, who.fullName);
      await this.#d.engine.settled(t.runId ?? '');
      await this.#d.engine.clearAndReset(t.workflowId, who.fullName);
    }
    this.#changed(t.id);
    return moved;
  }

  /** What the conveyor weighed across in its current or last run, in hundredths. */
  #measured(conveyorCode: string): number | null {
    const lbs = this.#d.runtime.reading(conveyorCode, 'transferred-weight');
    return lbs === null ? null : toCenti(lbs);
  }

  async #book(
    row: TransferRow,
    centi: number,
    userId: number | null,
    alongside?: WithBooking,
  ): Promise<void> {
    const t = row.transfer;
    await this.#d.ledger.move(
      {
        ...movementOf(t, fromCenti(centi)),
        transferId: t.id,
        ...(userId === null ? {} : { userId }),
      },
      alongside,
    );
  }

  async #onConveyorState(conveyorCode: string, state: number | null): Promise<void> {
    const [row] = (await this.#d.repo.list({ statuses: ['processing'] })).filter(
      (r) => r.conveyorCode === conveyorCode,
    );
    if (!row) return;
    const t = row.transfer;
    if (state === TransferState.NoFlow && t.stalledSince === null) {
      await this.#d.repo.update(t.id, ['processing'], {
        stalledSince: new Date(),
        stallAnswered: false,
      });
      const moved = this.#measured(conveyorCode) ?? 0;
      await this.#d.notifications.raise({
        type: 'warning',
        text: `Transfer ${t.id}: ${row.sourceName} ran empty after ${formatCenti(moved)} of ${formatCenti(t.centiLbs)} into ${row.targetName}.`,
        by: 'console',
      });
      this.#changed(t.id);
    } else if (state === TransferState.Running && t.stalledSince !== null) {
      await this.#d.repo.update(t.id, ['processing'], { stalledSince: null, stallAnswered: false });
      this.#changed(t.id);
    }
  }

  /** The transfer's half of run settlement: a transfer's run books what the conveyor weighed. */
  settler(): RunSettler<TransferRow> {
    return {
      requestOf: async (runId) => (await this.#d.repo.list({ runId, statuses: ['processing'] }))[0],
      waiting: async () =>
        (await this.#d.repo.list({ statuses: ['processing'] })).map((r) => ({
          workflowId: r.transfer.workflowId,
          runId: r.transfer.runId,
        })),
      settle: (row, run) => this.#settle(row, run),
      fail: async (row, reason) => {
        await this.#d.repo.update(row.transfer.id, ['processing'], {
          status: 'failed',
          error: reason,
          stalledSince: null,
        });
        this.#changed(row.transfer.id);
      },
      describe: (row) => `Transfer ${row.transfer.id} from ${row.sourceName} to ${row.targetName}`,
    };
  }

  /** Books what the conveyor weighed: all of it when the run finished, what moved when not. */
  async #settle(row: TransferRow, run: EndedRun): Promise<void> {
    const t = row.transfer;
    const finished = run.state === 'finished';
    const measured = this.#measured(row.conveyorCode);
    const moved = measured ?? (finished ? t.centiLbs : 0);
    const error = !finished
      ? `The moving workflow ${run.state} after ${formatCenti(moved)}.`
      : measured === null
        ? 'The PLC did not report the weight moved; the requested weight was booked.'
        : null;
    const patch = {
      status: finished ? ('completed' as const) : ('failed' as const),
      movedCenti: moved,
      stalledSince: null,
      completedAt: new Date(),
      error,
    };
    if (moved > 0) {
      // Booked and closed in one transaction, or a crash between the two books it twice.
      await this.#book(row, moved, t.acknowledgedBy, async (tx) => {
        if (!(await this.#d.repo.update(t.id, ['processing'], patch, tx)))
          throw conflict(`Transfer ${t.id} was settled already.`);
      });
    } else {
      await this.#d.repo.update(t.id, ['processing'], patch);
    }
    this.#changed(t.id);
  }

  #changed(id: number): void {
    this.#d.hub.publish({ type: 'transfer', id });
  }
}
