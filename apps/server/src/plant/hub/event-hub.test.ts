import { describe, expect, it } from 'vitest';
import { EventHub } from './event-hub.ts';
import type { HubTransport } from './hub-transport.ts';
import type { PlantEvent } from './plant-events.ts';

const dump = (id: number): PlantEvent => ({ type: 'dump', id });

describe('EventHub', () => {
  it('delivers each event to the subscribers of its type and to those of all types, in order', () => {
    const hub = new EventHub();
    const dumps: number[] = [];
    const all: string[] = [];
    hub.subscribe('dump', (e) => dumps.push(e.id));
    hub.subscribeAll((e) => all.push(e.type));
    hub.publish(dump(1));
    hub.publish({ type: 'ledger' });
    hub.publish(dump(2));
    expect(dumps).toEqual([1, 2]);
    expect(all).toEqual(['dump', 'ledger', 'dump']);
  });

  it('stops delivering to a subscriber that unsubscribed', () => {
    const hub = new EventHub();
    const seen: number[] = [];
    const unsubscribe = hub.subscribe('dump', (e) => seen.push(e.id));
    hub.publish(dump(1));
    unsubscribe();
    hub.publish(dump(2));
    expect(seen).toEqual([1]);
  });

  it('reports a failing subscriber and still delivers to the others', () => {
    const failures: [unknown, PlantEvent][] = [];
    const hub = new EventHub({ onError: (err, event) => failures.push([err, event]) });
    const seen: number[] = [];
    hub.subscribe('dump', () => {
      throw new Error('broken');
    });
    hub.subscribe('dump', (e) => seen.push(e.id));
    hub.publish(dump(7));
    expect(seen).toEqual([7]);
    expect(failures).toHaveLength(1);
    expect(failures[0]?.[1]).toEqual(dump(7));
  });

  it('delivers what its transport delivers, whoever published it', () => {
    // A transport between instances: this hub also receives events another instance published.
    let deliver: (event: PlantEvent, here: boolean) => void = () => undefined;
    const sent: PlantEvent[] = [];
    const shared: HubTransport = {
      publish: (event) => sent.push(event),
      deliverTo: (d) => {
        deliver = d;
      },
    };
    const hub = new EventHub({ transport: shared });
    const seen: number[] = [];
    hub.subscribe('transfer', (e) => seen.push(e.id));
    hub.publish({ type: 'transfer', id: 1 });
    expect(sent).toEqual([{ type: 'transfer', id: 1 }]);
    expect(seen).toEqual([]);
    deliver({ type: 'transfer', id: 2 }, false);
    expect(seen).toEqual([2]);
    // Every event survives a trip through JSON, as a channel between instances would carry it.
    expect(JSON.parse(JSON.stringify(sent[0]))).toEqual(sent[0]);
  });

  it('tells events published here from those of other instances to subscribers that ask', () => {
    let deliver: (event: PlantEvent, here: boolean) => void = () => undefined;
    const hub = new EventHub({
      transport: { publish: (event) => deliver(event, true), deliverTo: (d) => (deliver = d) },
    });
    const logged: number[] = [];
    const mirrored: number[] = [];
    const all: number[] = [];
    hub.subscribe('dump', (e) => logged.push(e.id), { from: 'this-instance' });
    hub.subscribe('dump', (e) => mirrored.push(e.id), { from: 'other-instances' });
    hub.subscribe('dump', (e) => all.push(e.id));
    hub.publish(dump(1));
    deliver(dump(2), false);
    expect(logged).toEqual([1]);
    expect(mirrored).toEqual([2]);
    expect(all).toEqual([1, 2]);
  });
});
