import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { AlarmClock } from './alarm-clock.ts';
import { FLOOD_WINDOW_MS, FloodDetector, type FloodState } from './alarm-flood.ts';
import type { Suppression } from './alarm-state.ts';
import type { NotificationRepository } from './notification-repository.ts';
import type { RaiseNotification } from './raise-notification.ts';

/**
 * What the alarm rules know of the plant beyond one alarm: the sources out of service, the link
 * sources whose alarm is active, and the flood window. Loaded from the database once, then kept
 * up to date by the writes that change it.
 */
export class AlarmConditions {
  readonly #repo: NotificationRepository;
  readonly #hub: EventHub;
  readonly #clock: AlarmClock;
  readonly #linkSources: ReadonlySet<string>;
  readonly #flood = new FloodDetector();
  #floodState: FloodState = { flooding: false, count: 0, since: null };
  #outOfService = new Set<string>();
  #linksDown = new Set<string>();
  #prepared = false;

  constructor(
    repo: NotificationRepository,
    hub: EventHub,
    clock: AlarmClock,
    linkSources: readonly string[],
  ) {
    this.#repo = repo;
    this.#hub = hub;
    this.#clock = clock;
    this.#linkSources = new Set(linkSources);
  }

  get prepared(): boolean {
    return this.#prepared;
  }

  /** Loads what the rules need from the database once: out-of-service sources, links, the window. */
  async prepare(): Promise<void> {
    if (this.#prepared) return;
    const now = this.#clock.now();
    const [outOfService, linksDown, raised] = await Promise.all([
      this.#repo.outOfService(),
      this.#repo.activeSources([...this.#linkSources]),
      this.#repo.alarmsRaisedSince(new Date(now.getTime() - FLOOD_WINDOW_MS)),
    ]);
    this.#outOfService = new Set(outOfService.map((r) => r.source));
    this.#linksDown = new Set(linksDown);
    this.#floodState = this.#flood.load(raised, now);
    this.#prepared = true;
  }

  /** What was assumed (links down) is read again from the database before the next use. */
  forget(): void {
    this.#prepared = false;
  }

  suppressionOf(n: RaiseNotification): Suppression | null {
    if (n.source && this.#outOfService.has(n.source)) return 'out-of-service';
    const consequence = !n.source || !this.#linkSources.has(n.source);
    if (consequence && n.deviceRef != null && this.#linksDown.size > 0) return 'suppressed';
    return null;
  }

  /** A raise of a link source means the link is down from now on. */
  raising(n: RaiseNotification): void {
    if (n.source && this.#linkSources.has(n.source)) this.#linksDown.add(n.source);
  }

  cleared(source: string): void {
    this.#linksDown.delete(source);
  }

  removedFromService(source: string): void {
    this.#outOfService.add(source);
  }

  returnedToService(source: string): void {
    this.#outOfService.delete(source);
  }

  /** An annunciated alarm was raised at `at`: the flood window counts it. */
  alarmRaised(at: Date): FloodState {
    return this.#flood.record(at);
  }

  floodAt(now: Date): FloodState {
    return this.#flood.at(now);
  }

  /** Publishes the flood when it starts or ends, and its count at each new raise while it lasts. */
  floodUpdate(state: FloodState, raised: boolean): void {
    const was = this.#floodState;
    this.#floodState = state;
    if (state.flooding === was.flooding && !(state.flooding && raised)) return;
    this.#hub.publish({
      type: 'alarm-flood',
      flooding: state.flooding,
      count: state.count,
      since: state.since?.toISOString() ?? null,
    });
  }
}
