import type { Locator, Page } from 'playwright-core';
import { Role, type Workflow, type WorkflowType } from '@roastery/contract';
import type { Console } from './harness.ts';

/** Creates a workflow through the API, as another console would, and returns its id. */
export async function createWorkflow(
  server: Console['server'],
  name: string,
  type: WorkflowType = 'roasting',
): Promise<number> {
  const reply = await server.as(Role.Administrator)<Workflow>('POST', '/api/diagram/create', {
    name,
    type,
  });
  if (reply.status !== 201) throw new Error(`Creating ${name} answered ${reply.status}`);
  return reply.body.id;
}

/** A node of the designer's canvas, by device code. */
export const canvasNode = (page: Page, code: string): Locator =>
  page.locator(`.react-flow__node[data-id="${code}"]`);

/** Drags a device from the designer's toolbar onto the canvas at a point of the pane. */
export async function dropDevice(
  page: Page,
  paletteName: string,
  at: { x: number; y: number },
): Promise<void> {
  await page
    .getByRole('complementary', { name: 'Devices' })
    .getByRole('button', { name: paletteName })
    .dragTo(page.locator('.react-flow__pane'), { targetPosition: at });
}

/** Drags a connection from one handle to another with the mouse, as a person does. */
export async function connect(page: Page, from: Locator, to: Locator): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('A handle is not on screen');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 10 });
  await page.mouse.up();
}
