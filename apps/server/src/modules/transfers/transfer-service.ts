import type {
  ConveyorRoutes,
  CreateTransferBody,
  SiloPrompt,
  Transfer,
  TransferBin,
} from '@roastery/contract';
import type { Principal } from '../auth/auth-service.ts';
import type { RunSettler } from '../../plant/settlement/run-settlement.ts';
import { acknowledgeTransfer } from './acknowledge-transfer.ts';
import { followConveyorStates } from './conveyor-stall.ts';
import { routeTables, saveRoutes } from './conveyor-routes.ts';
import { chooseSubstitute, emptySourcePrompts, keepWaiting } from './empty-source-prompts.ts';
import { bagOff, continueFromSubstitute } from './end-stalled-transfer.ts';
import { deleteTransfer, requestTransfer } from './request-transfer.ts';
import type { TransferServiceDeps } from './transfer-context.ts';
import { transferBins } from './transfer-bins.ts';
import { getTransfer, listTransfers } from './transfer-queries.ts';
import type { TransferRow } from './transfer-repository.ts';
import { transferSettler } from './transfer-settlement.ts';

/**
 * Silo-to-silo transfers. A transfer is asked for (checked against the ledger), acknowledged
 * (its conveyor's moving workflow runs with the route numbers and weight as dynamic values) and
 * booked on the ledger with the weight the conveyor measured when the run ends. A source that
 * runs empty on the way is a prompt for a person: bag off, wait, or carry on from a substitute.
 * This is the transfers' interface to routes and other areas; each use case lives in its own
 * module.
 */
export class TransferService {
  readonly #d: TransferServiceDeps;
  #unsubscribe: (() => void) | undefined;

  constructor(deps: TransferServiceDeps) {
    this.#d = deps;
  }

  /** Follows the conveyors' transfer state, for the dashboard's empty-source prompt. */
  start(): void {
    this.#unsubscribe = followConveyorStates(this.#d);
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  list(status: 'pending' | 'completed' | 'all'): Promise<Transfer[]> {
    return listTransfers(this.#d, status);
  }

  get(id: number): Promise<Transfer> {
    return getTransfer(this.#d, id);
  }

  /** Every bin a conveyor reaches, with what the ledger says it holds. */
  bins(): Promise<TransferBin[]> {
    return transferBins(this.#d);
  }

  create(body: CreateTransferBody, who: Principal): Promise<Transfer> {
    return requestTransfer(this.#d, body, who);
  }

  /** Acknowledge: the conveyor's moving workflow runs with this transfer's route and weight. */
  acknowledge(id: number, who: Principal): Promise<Transfer> {
    return acknowledgeTransfer(this.#d, id, who);
  }

  delete(id: number): Promise<void> {
    return deleteTransfer(this.#d, id);
  }

  /** Every conveyor's route table. */
  routeTables(): Promise<ConveyorRoutes[]> {
    return routeTables(this.#d);
  }

  /** Replaces a conveyor's route table; refused while the conveyor has a transfer under way. */
  saveRoutes(conveyorCode: string, codes: string[]): Promise<ConveyorRoutes> {
    return saveRoutes(this.#d, conveyorCode, codes);
  }

  /** Transfers naming a device, for the device's delete refusal. */
  async usesOfDevice(code: string): Promise<string[]> {
    return (await this.#d.repo.idsUsing(code)).map((id) => `transfer ${id}`);
  }

  /** Processing transfers whose source ran empty and nobody has answered yet. */
  prompts(): Promise<SiloPrompt[]> {
    return emptySourcePrompts(this.#d);
  }

  /** Continue: keep the run waiting (someone refills the source); the prompt goes away. */
  keepWaiting(id: number): Promise<Transfer> {
    return keepWaiting(this.#d, id);
  }

  /** Bag off: end the transfer with what the conveyor moved; the run stops and is reset. */
  bagOff(id: number, who: Principal): Promise<Transfer> {
    return bagOff(this.#d, id, who);
  }

  /** The substitute-silo prompt's choice: a bin on the same conveyor holding the same bean. */
  chooseSubstitute(id: number, deviceCode: string): Promise<SiloPrompt> {
    return chooseSubstitute(this.#d, id, deviceCode);
  }

  /** Carry on from the chosen substitute with a new transfer for the rest. */
  continueFromSubstitute(id: number, who: Principal): Promise<Transfer> {
    return continueFromSubstitute(this.#d, id, who);
  }

  /** The transfer's half of run settlement: a transfer's run books what the conveyor weighed. */
  settler(): RunSettler<TransferRow> {
    return transferSettler(this.#d);
  }
}
