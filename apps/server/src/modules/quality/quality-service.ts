import type {
  EnteredResultBody,
  LotHoldBody,
  LotHoldPreview,
  LotHoldResult,
  LotDecisionBody,
  QualityLot,
  QualityLotQuery,
  QualitySpec,
  QualitySpecBody,
} from '@roastery/contract';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import { checkRoastRecord } from './check-roast-record.ts';
import { holdForward, holdPreview } from './hold-forward.ts';
import type { QualityContext, Signer } from './quality-context.ts';
import { listLots, readLot } from './read-lots.ts';
import { recordResults } from './record-results.ts';
import { readSpec, saveSpec } from './save-spec.ts';
import { signDecision } from './sign-decision.ts';

/**
 * Quality release of roasted lots: specifications per product, results per lot, each lot's
 * status, and signed decisions. Checks each roast record the hub says was linked to its batch,
 * one after another; `settled()` waits for those received.
 */
export class QualityService {
  readonly #ctx: QualityContext;
  #checking: Promise<void> = Promise.resolve();

  constructor(ctx: QualityContext, hub: EventHub) {
    this.#ctx = ctx;
    // The instance that linked the record checks it: once, however many servers run.
    hub.subscribe('roast-record', (e) => this.#check(e.id, e.batch_id), {
      from: 'this-instance',
    });
  }

  /** Resolves once every roast record received so far is checked. */
  settled(): Promise<void> {
    return this.#checking;
  }

  spec(productId: number): Promise<QualitySpec> {
    return readSpec(this.#ctx, productId);
  }

  saveSpec(productId: number, body: QualitySpecBody, by: string): Promise<QualitySpec> {
    return saveSpec(this.#ctx, productId, body, by);
  }

  lots(query: QualityLotQuery): Promise<QualityLot[]> {
    return listLots(this.#ctx, query);
  }

  lot(lotId: number): Promise<QualityLot> {
    return readLot(this.#ctx, lotId);
  }

  /** A result a person entered in the lab: colour, moisture or a cupping with its notes. */
  async enterResult(lotId: number, body: EnteredResultBody, by: Signer): Promise<QualityLot> {
    await recordResults(this.#ctx, lotId, [body], {
      source: 'entered',
      userId: by.id,
      userName: by.fullName,
    });
    return readLot(this.#ctx, lotId);
  }

  decide(lotId: number, body: LotDecisionBody, signer: Signer): Promise<QualityLot> {
    return signDecision(this.#ctx, lotId, body, signer);
  }

  /** A lot's hold as it stands and what a hold would reach now. */
  holdPreview(lotNumber: string): Promise<LotHoldPreview> {
    return holdPreview(this.#ctx, lotNumber);
  }

  /** Holds a lot and everything made from it still in the plant; lists what already left. */
  hold(body: LotHoldBody, by: Signer): Promise<LotHoldResult> {
    return holdForward(this.#ctx, body, by);
  }

  #check(recordId: number, batchId: number): void {
    this.#checking = this.#checking
      .then(() => checkRoastRecord(this.#ctx, recordId, batchId))
      .catch((err: unknown) =>
        this.#ctx.logger.error({ err, batch: batchId }, 'quality: roast record not checked'),
      );
  }
}
