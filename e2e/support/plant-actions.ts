import { Role, type Bean } from '@roastery/contract';
import { eventually } from '@roastery/server/testing';
import type { Console } from './harness.ts';

/** Creates a green bean through the API, as another console would. */
export async function createBean(
  server: Console['server'],
  name: string,
  segregation?: 'organic' | 'decaf',
): Promise<Bean> {
  const reply = await server.as(Role.Administrator)<Bean>('POST', '/api/bean', {
    bean: { bean_name: name, ...(segregation ? { segregation } : {}) },
  });
  if (reply.status !== 201) throw new Error(`Creating ${name} answered ${reply.status}`);
  return reply.body;
}

/** Waits for the server's link to the plant simulator. */
export async function plantConnected(server: Console['server']): Promise<void> {
  await eventually(() => server.services.runtime.connected(), 'the PLC connection');
}

/** The simulated plant, for tests that make it differ from the books. */
export function plantModel(server: Console['server']) {
  const running = server.services.runtime.simulator.running;
  if (!running) throw new Error('The plant simulator is not running');
  return running.model;
}
