import type { EngineNotice, EventSink, Notifier, RunEvent } from '../ports.ts';

/** Keeps what the engine emitted and notified, for assertions. */
export class EventRecorder implements EventSink, Notifier {
  readonly events: RunEvent[] = [];
  readonly notices: EngineNotice[] = [];

  emit(event: RunEvent): void {
    this.events.push(event);
  }

  notify(notice: EngineNotice): void {
    this.notices.push(notice);
  }
}
