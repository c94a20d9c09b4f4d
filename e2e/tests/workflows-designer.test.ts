import { describe, expect, test } from 'vitest';
import {
  DemoDeviceType,
  Role,
  Stage,
  type Diagram,
  type WorkflowListEntry,
} from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import {
  chooseOption,
  dialog,
  popconfirm,
  rowWith,
  searchOption,
} from '../support/form-actions.ts';
import { canvasNode, connect, createWorkflow, dropDevice } from '../support/workflow-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

describe('workflow designer', () => {
  test('build a workflow on the canvas: two devices, a connection, widget options, save', async () => {
    const { page, url, server } = harness();
    await signInAs(page, url, Role.Administrator, '/admin/flow');

    await page.getByRole('button', { name: 'Add Workflow' }).click();
    await dialog(page).getByLabel('Name').fill('Charge Roaster 2 from Silo 1');
    await chooseOption(page, dialog(page), 'Type', 'Roasting');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/admin\/flow\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: 'Charge Roaster 2 from Silo 1' }).waitFor();

    await dropDevice(page, 'Green Silo 1 (GS1)', { x: 300, y: 80 });
    await canvasNode(page, 'GS1').getByText('Green Silo 1').waitFor();
    await dropDevice(page, 'Roaster 2 (R2)', { x: 300, y: 300 });
    await canvasNode(page, 'R2').getByText('Roaster 2').waitFor();
    // The node shows the device's live state from the PLC.
    await canvasNode(page, 'R2').getByText('Auto', { exact: true }).waitFor();

    await connect(
      page,
      canvasNode(page, 'GS1').locator('.react-flow__handle.source'),
      canvasNode(page, 'R2').locator('.react-flow__handle.target'),
    );
    // A straight vertical edge has no width, so it counts as attached rather than visible.
    await page.getByRole('group', { name: 'Edge from GS1 to R2' }).waitFor({ state: 'attached' });

    await canvasNode(page, 'R2').click();
    const drawer = page.getByRole('dialog', { name: 'Device Widget Options' });
    await drawer.waitFor();
    expect(await drawer.getByLabel('Number of targets').count()).toBe(0);
    await drawer.getByRole('radio', { name: 'Multiple sources and targets' }).check();
    await drawer.getByText('Medium', { exact: true }).click();
    await drawer.getByLabel('Number of targets').fill('3');
    await drawer.getByLabel('Number of sources').fill('2');
    await drawer.getByRole('button', { name: 'Update' }).click();
    await drawer.waitFor({ state: 'hidden' });

    const roaster = canvasNode(page, 'R2');
    expect(await roaster.locator('.react-flow__handle.target').count()).toBe(3);
    expect(await roaster.locator('.react-flow__handle.source').count()).toBe(2);
    expect((await roaster.getByTestId('node-R2').boundingBox())?.width).toBeCloseTo(75, 0);

    await page.getByRole('button', { name: 'SAVE WORKFLOW' }).click();
    await page.waitForURL(url(`/admin/flow/sort/${id}`));
    await page
      .getByRole('heading', { name: 'Charge Roaster 2 from Silo 1 Configuration' })
      .waitFor();
    await page.getByRole('tab', { name: 'Workflow Steps' }).waitFor();

    const saved = (await server.as(Role.Administrator)<Diagram>('GET', `/api/diagram/flow/${id}`))
      .body;
    expect(saved.nodes.map((node) => node.id).sort()).toEqual(['GS1', 'R2']);
    expect(saved.edges).toMatchObject([{ source: 'GS1', target: 'R2' }]);
    expect(saved.nodes.find((node) => node.id === 'R2')).toMatchObject({
      type: 'custom',
      data: { class: 'md', targetCount: 3, sourceCount: 2 },
    });

    // The device's editor route opens the first workflow by name that has it on its canvas:
    // this one, ahead of the demo's roast on Roaster 2.
    await page.goto(url('/admin/flow/edit/R2'));
    await page.waitForURL(url(`/admin/flow/${id}`));
    await canvasNode(page, 'R2').waitFor();
  });

  test('the demo roasting workflow opens with its devices along the bean path and their flows', async () => {
    const { page, url, server } = harness();
    const list = (
      await server.as(Role.Administrator)<WorkflowListEntry[]>('GET', '/api/diagram/new/flow/list')
    ).body;
    const roast = list.find((w) => w.name === 'Roast Green Silo 1 on Roaster 1 into WRB Bin 1');
    expect(roast).toBeDefined();
    await signInAs(page, url, Role.Administrator, `/admin/flow/${roast!.id}`);
    await page.getByRole('heading', { name: roast!.name }).waitFor();

    const path = [
      ['GS1', 'Green Silo 1'],
      ['CL1', 'Cleaner / Destoner'],
      ['R1', 'Roaster 1'],
      ['WRB1', 'WRB Bin 1'],
    ] as const;
    for (const [code, name] of [...path, ['WB1', 'Waste Bin'] as const]) {
      await canvasNode(page, code).getByText(name, { exact: true }).waitFor();
    }
    expect(await page.locator('.react-flow__node').count()).toBe(5);
    expect(await page.getByText('No devices on the canvas').count()).toBe(0);
    for (const [from, to] of [
      ['GS1', 'CL1'],
      ['CL1', 'R1'],
      ['CL1', 'WB1'],
      ['R1', 'WRB1'],
    ]) {
      await page
        .getByRole('group', { name: `Edge from ${from} to ${to}` })
        .waitFor({ state: 'attached' });
    }
    expect(await page.locator('.react-flow__edge').count()).toBe(4);

    // Left to right along the bean path; the devices on the canvas are checked off the toolbar.
    const lefts: number[] = [];
    for (const [code] of path) {
      const box = await canvasNode(page, code).boundingBox();
      expect(box).not.toBeNull();
      lefts.push(box!.x);
    }
    expect([...lefts].sort((a, b) => a - b)).toEqual(lefts);
    // The diagram opens fitted: every node whole inside the canvas, none off its edges.
    const canvas = await page.getByLabel('Workflow canvas').boundingBox();
    expect(canvas).not.toBeNull();
    const outside = async () => {
      const out: string[] = [];
      for (const [code] of [...path, ['WB1'] as const]) {
        const box = await canvasNode(page, code).boundingBox();
        const inside =
          box !== null &&
          box.x >= canvas!.x &&
          box.y >= canvas!.y &&
          box.x + box.width <= canvas!.x + canvas!.width &&
          box.y + box.height <= canvas!.y + canvas!.height;
        if (!inside) out.push(code);
      }
      return out;
    };
    await expect.poll(outside).toEqual([]);
    await page
      .getByRole('complementary', { name: 'Devices' })
      .getByRole('button', { name: 'Roaster 1 (R1)' })
      .getByLabel('On the canvas')
      .waitFor();
  });

  test('the Delete key removes a node, RESET restores the saved diagram, a stale save is refused', async () => {
    const { page, url, server } = harness();
    const id = await createWorkflow(server, 'Reset and conflict');
    await signInAs(page, url, Role.Administrator, `/admin/flow/${id}`);
    await dropDevice(page, 'Green Silo 2 (GS2)', { x: 250, y: 120 });
    await page.getByRole('button', { name: 'SAVE WORKFLOW' }).click();
    await page.waitForURL(url(`/admin/flow/sort/${id}`));

    await page.goto(url(`/admin/flow/${id}`));
    await canvasNode(page, 'GS2').click();
    await page.getByRole('dialog', { name: 'Device Widget Options' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Device Widget Options' }).waitFor({ state: 'hidden' });
    await page.keyboard.press('Delete');
    await canvasNode(page, 'GS2').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'RESET' }).click();
    await popconfirm(page).getByText('Are you sure to reset the workflow?').waitFor();
    await popconfirm(page).getByRole('button', { name: 'Reset' }).click();
    await canvasNode(page, 'GS2').waitFor();

    // Someone else saves meanwhile: this designer's revision is now stale.
    const admin = server.as(Role.Administrator);
    const current = (await admin<Diagram>('GET', `/api/diagram/flow/${id}`)).body;
    await admin('POST', '/api/diagram/c/update', {
      id,
      nodes: current.nodes,
      edges: [],
      revision: current.revision,
    });
    await dropDevice(page, 'Green Silo 3 (GS3)', { x: 250, y: 300 });
    await page.getByRole('button', { name: 'SAVE WORKFLOW' }).click();
    const conflict = page
      .getByRole('dialog')
      .filter({ hasText: 'Someone else saved this workflow' });
    await conflict.getByText('Reload it and make your changes again').waitFor();
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await canvasNode(page, 'GS3').waitFor({ state: 'detached' });
    await canvasNode(page, 'GS2').waitFor();
  });

  test('import another workflow diagram after the confirmation; switch workflows', async () => {
    const { page, url, server } = harness();
    const admin = server.as(Role.Administrator);
    const source = await createWorkflow(server, 'Template with two silos', 'moving');
    await admin('POST', '/api/diagram/c/update', {
      id: source,
      nodes: [
        { id: 'GS4', type: 'default', data: { label: 'Green Silo 4' }, position: { x: 0, y: 0 } },
        { id: 'GS5', type: 'default', data: { label: 'Green Silo 5' }, position: { x: 0, y: 200 } },
      ],
      edges: [{ source: 'GS4', target: 'GS5' }],
    });
    const target = await createWorkflow(server, 'Imports a template', 'moving');
    await signInAs(page, url, Role.Administrator, `/admin/flow/${target}`);

    await searchOption(page, page, 'Import workflow', 'Template', 'Template with two silos');
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure to load the workflow?' });
    await confirm.getByRole('button', { name: 'Load' }).click();
    await canvasNode(page, 'GS4').waitFor();
    await canvasNode(page, 'GS5').waitFor();
    expect(await page.locator('.react-flow__edge').count()).toBe(1);

    // A system workflow cannot be overwritten by an import, so the choice is not offered there.
    const list = (await admin<WorkflowListEntry[]>('GET', '/api/diagram/new/flow/list?s=all')).body;
    const system = list.find((workflow) => workflow.reserved);
    expect(system).toBeDefined();
    await searchOption(page, page, 'Switch workflow', system!.name, system!.name);
    await page.waitForURL(url(`/admin/flow/${system!.id}`));
    await page.getByRole('heading', { name: system!.name }).waitFor();
    expect(await page.getByLabel('Import workflow').count()).toBe(0);
  });
});

describe('workflow list', () => {
  test('filter by type, search, no Delete on a system workflow, delete one', async () => {
    const { page, url, server } = harness();
    await createWorkflow(server, 'Short-lived packing test', 'packing');
    await signInAs(page, url, Role.Supervisor, '/admin/flow');
    await rowWith(page, 'Short-lived packing test').waitFor();

    await page.locator('.ant-segmented-item', { hasText: 'Dumping' }).click();
    await rowWith(page, 'Short-lived packing test').waitFor({ state: 'detached' });
    await page.locator('.ant-segmented-item', { hasText: 'Packing' }).click();
    await rowWith(page, 'Short-lived packing test').waitFor();

    await page.locator('.ant-segmented-item', { hasText: 'All' }).click();
    await page.getByLabel('Search workflows').fill('no workflow has this name');
    await page.getByText('No system flow found. Please add a workflow.').waitFor();
    await page.getByLabel('Search workflows').fill('Green Silo 1');
    const system = page.getByRole('row').filter({ hasText: 'System' }).first();
    await system.waitFor();
    // The server refuses to delete a system workflow, so the list does not offer it.
    await system.getByRole('link', { name: /^Run / }).waitFor();
    expect(await system.getByRole('button', { name: /^Delete / }).count()).toBe(0);

    // The demo's workflows fill more than a page: the search finds the one to delete.
    await page.getByLabel('Search workflows').fill('Short-lived');
    await page.getByRole('button', { name: 'Delete Short-lived packing test' }).click();
    await popconfirm(page).getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, 'Workflow Short-lived packing test deleted');
    await rowWith(page, 'Short-lived packing test').waitFor({ state: 'detached' });
  });

  test('the editor route of a device no workflow uses opens the list with a notice', async () => {
    const { page, url, server } = harness();
    // The demo's workflows use every device of the demo plant: a new packer is on none yet.
    const admin = server.as(Role.Administrator);
    const created = await admin('POST', '/api/device/create', {
      device_id: 'PK3',
      device_name: 'Packer 3',
      device_type: DemoDeviceType.Packer,
      device_description: 'A packer not yet in any workflow',
      device_stage: Stage.Packing,
      device_unit: 'bags',
    });
    expect(created.status).toBe(201);
    await signInAs(page, url, Role.Administrator, '/admin/flow/edit/PK3');
    await page.waitForURL(url('/admin/flow?device=PK3'));
    await page.getByText('No workflow uses device PK3 yet.').waitFor();
  });
});
