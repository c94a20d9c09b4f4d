import { StandardCommand } from '@roastery/contract';
import type { RegisterStore, StoreTag, WriteOrigin } from './register-store.ts';
import type { TimerQueue } from './timer-queue.ts';

export interface EchoDelays {
  echoDelayMs: number;
  modeDelayMs: number;
}

/**
 * What a PLC does with app commands that have a feedback: after a delay the feedback shows the
 * commanded value ('Start' -> 'Running', 'Manual Mode' -> 'Manual Mode Active'). A device with a
 * non-zero 'Alarm Code' is tripped: its feedback coils drop to 0 at once and stay there until the
 * alarm clears, then follow their commands again after the echo delay. The mode feedback is not
 * tripped: an operator must still be able to take a faulted device into manual.
 */
export class FeedbackEcho {
  readonly #store: RegisterStore;
  readonly #timers: TimerQueue;
  readonly #delays: EchoDelays;
  readonly #now: () => number;

  constructor(store: RegisterStore, timers: TimerQueue, delays: EchoDelays, now: () => number) {
    this.#store = store;
    this.#timers = timers;
    this.#delays = delays;
    this.#now = now;
  }

  /** To be called with every store write (see RegisterStore.onWrite). */
  onWrite(tag: StoreTag, origin: WriteOrigin): void {
    if (tag.label === StandardCommand.AlarmCode && origin !== 'plant') {
      if (this.#store.valueOf(tag) === 0) this.#restore(tag.device_id);
      else this.#trip(tag.device_id);
      return;
    }
    if (tag.owner !== 'app' || tag.feedback_command_id === undefined) return;
    const isMode = tag.label === StandardCommand.ManualMode;
    this.#schedule(tag, isMode ? this.#delays.modeDelayMs : this.#delays.echoDelayMs);
  }

  #schedule(appTag: StoreTag, delayMs: number): void {
    const feedback = this.#feedbackOf(appTag);
    if (!feedback) return;
    const tripped = this.#isTrippable(appTag) && this.#isTripped(appTag.device_id);
    const target = tripped ? 0 : this.#store.valueOf(appTag);
    this.#timers.set(this.#timerKey(feedback), this.#now() + delayMs, () =>
      this.#store.setTag(feedback, target, 'plant'),
    );
  }

  #trip(deviceId: string): void {
    for (const [, feedback] of this.#trippablePairs(deviceId)) {
      this.#timers.delete(this.#timerKey(feedback));
      this.#store.setTag(feedback, 0, 'plant');
    }
  }

  #restore(deviceId: string): void {
    for (const [appTag] of this.#trippablePairs(deviceId)) {
      this.#schedule(appTag, this.#delays.echoDelayMs);
    }
  }

  #trippablePairs(deviceId: string): [StoreTag, StoreTag][] {
    return this.#store
      .tagsOf(deviceId)
      .filter((tag) => this.#isTrippable(tag))
      .flatMap((tag) => {
        const feedback = this.#feedbackOf(tag);
        return feedback ? [[tag, feedback] as [StoreTag, StoreTag]] : [];
      });
  }

  /** Only drives trip: app coils other than the mode switch. */
  #isTrippable(tag: StoreTag): boolean {
    return tag.area === 'coil' && tag.owner === 'app' && tag.label !== StandardCommand.ManualMode;
  }

  #isTripped(deviceId: string): boolean {
    return (
      this.#store.has(deviceId, StandardCommand.AlarmCode) &&
      this.#store.get(deviceId, StandardCommand.AlarmCode) !== 0
    );
  }

  #feedbackOf(appTag: StoreTag): StoreTag | undefined {
    return this.#store.tags.find(
      (tag) =>
        tag.device_id === appTag.device_id &&
        tag.command_kind === appTag.command_kind &&
        tag.command_id === appTag.feedback_command_id,
    );
  }

  #timerKey(feedback: StoreTag): string {
    return `echo:${feedback.area}:${feedback.address}`;
  }
}
