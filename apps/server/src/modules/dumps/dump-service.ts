import type {
  CreateDumpBody,
  Dump,
  DumpError,
  DumpTarget,
  DumpTargetType,
  WaitingDump,
} from '@roastery/contract';
import type { Principal } from '../auth/auth-service.ts';
import type { RunSettler } from '../../plant/settlement/run-settlement.ts';
import { acknowledgeDump } from './dump-acknowledgement.ts';
import type { DumpServiceDeps } from './dump-context.ts';
import { dumpErrors, resolveDumpError } from './dump-errors.ts';
import { getDump, listDumps } from './dump-reads.ts';
import { notifyDump, remindOfDump, waitingDumps } from './dump-reminders.ts';
import type { DumpRow } from './dump-repository.ts';
import { closeDump, createDump, deleteDump } from './dump-requests.ts';
import { dumpSettler } from './dump-settlement.ts';
import { dumpDevicesOf, dumpTargets } from './dump-targets.ts';

/**
 * Green intake. A dump is requested (target chosen by the operator, or by the console in auto
 * dump mode), acknowledged by the operator at the station, which starts the dumping workflow of
 * its target; when that run finishes, the beans are posted to the ledger and the dump is done.
 * Each use case lives in its own module; this is the one interface the routes and other areas use.
 */
export class DumpService {
  readonly #d: DumpServiceDeps;

  constructor(deps: DumpServiceDeps) {
    this.#d = deps;
  }

  list(status: 'all' | 'finished' | DumpRow['dump']['status']): Promise<Dump[]> {
    return listDumps(this.#d, status);
  }

  get(id: number): Promise<Dump> {
    return getDump(this.#d, id);
  }

  /** The devices of a dump target type, with what they hold (the dump form's device buttons). */
  devicesOf(type: DumpTargetType): Promise<DumpTarget[]> {
    return dumpDevicesOf(this.#d, type);
  }

  /** Where a dump of this bean and weight could go: every device of the type, with whether it fits. */
  targets(beanId: number, amount: number, type: DumpTargetType): Promise<DumpTarget[]> {
    return dumpTargets(this.#d, beanId, amount, type);
  }

  create(body: CreateDumpBody, who: Principal): Promise<Dump> {
    return createDump(this.#d, body, who);
  }

  /** The operator has the bags at the station: start the dumping workflow of the target. */
  acknowledge(id: number, who: Principal): Promise<Dump> {
    return acknowledgeDump(this.#d, id, who);
  }

  /** The roaster dump-request popup's Ok: the request is closed without beans moving here. */
  close(id: number): Promise<Dump> {
    return closeDump(this.#d, id);
  }

  /** Deletes a pending request, and its lot when nothing else names it (a new dump's own lot). */
  delete(id: number): Promise<void> {
    return deleteDump(this.#d, id);
  }

  notify(id: number, message: string | undefined, who: Principal): Promise<void> {
    return notifyDump(this.#d, id, message, who);
  }

  /** Pending requests nobody has reminded the operators of yet, oldest first. */
  waiting(now = Date.now()): Promise<WaitingDump[]> {
    return waitingDumps(this.#d, now);
  }

  /** A supervisor asks the operators to see to a waiting request. */
  remind(id: number, who: Principal): Promise<void> {
    return remindOfDump(this.#d, id, who);
  }

  /** Dumps whose run did not finish, with what the silo's level says reached it. */
  errors(): Promise<DumpError[]> {
    return dumpErrors(this.#d);
  }

  /** The dump-error prompt's answer: N, B or C (see `resolveDumpError`). */
  resolveError(id: number, type: 'N' | 'B' | 'C', who: Principal): Promise<Dump> {
    return resolveDumpError(this.#d, id, type, who);
  }

  /** The dump's half of run settlement: a dump's run posts its lot into the target. */
  settler(): RunSettler<DumpRow> {
    return dumpSettler(this.#d);
  }
}
