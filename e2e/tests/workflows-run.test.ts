import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DemoBinary,
  DemoInput,
  Role,
  type DeviceDetail,
  type PackingOrder,
  type RunningWorkflowState,
  type Workflow,
  type WorkflowStep,
} from '@roastery/contract';
import { eventually, USER_PASSWORD } from '@roastery/server/testing';
import { bookRoastedLot } from '@roastery/server/testing/orders';
import { releaseLots } from '@roastery/server/testing/quality';
import { useConsoleHarness, type Console } from '../support/harness.ts';
import { signInAs, waitForNotification, waitForToast } from '../support/console-actions.ts';
import { chooseOption, dialog, popconfirm, searchOption } from '../support/form-actions.ts';
import { createSingleOrigin, orderNumber } from '../support/order-actions.ts';
import { plantConnected } from '../support/plant-actions.ts';
import { createWorkflow } from '../support/workflow-actions.ts';

const harness = useConsoleHarness({}, { plant: true });

async function stepsOf(server: Console['server'], id: number): Promise<WorkflowStep[]> {
  return (await server.as(Role.Administrator)<WorkflowStep[]>('GET', `/api/diagram/rules?id=${id}`))
    .body;
}

/** Opens the Add Step dialog and picks the device, command type and command. */
async function startStep(page: Page, device: string, code: string, kind: 'Binary' | 'Input') {
  await page.getByRole('button', { name: 'Add Step' }).click();
  const form = dialog(page);
  await searchOption(page, form, 'Device', code, `${device} (${code})`);
  await form.getByText(kind, { exact: true }).click();
  return form;
}

describe('workflow configuration and runs', () => {
  test('configure a binary step with wait finish and a dynamic input step, then reorder them', async () => {
    const { page, url, server } = harness();
    const id = await createWorkflow(server, 'Charge Roaster 1');
    await signInAs(page, url, Role.Supervisor, `/admin/flow/sort/${id}`);
    await page.getByRole('heading', { name: 'Charge Roaster 1 Configuration' }).waitFor();

    await page.getByRole('button', { name: 'Add Step' }).click();
    await dialog(page).getByRole('button', { name: 'Add', exact: true }).click();
    await dialog(page).getByText('Please select a device').waitFor();
    await dialog(page).getByText('please select binary command').waitFor();
    await dialog(page).getByText('Please enter command value').waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    let form = await startStep(page, 'Green Silo 1', 'GS1', 'Binary');
    await chooseOption(page, form, 'Command', 'Inlet Gate');
    // A roaster has no inlet gate: the chosen command is no longer one of the device's.
    await searchOption(page, form, 'Device', 'R1', 'Roaster 1 (R1)');
    await form.getByText('Invalid label').waitFor();
    await searchOption(page, form, 'Device', 'GS1', 'Green Silo 1 (GS1)');
    await form.getByText('Invalid label').waitFor({ state: 'detached' });
    await form.getByLabel('Command value').fill('1');
    await form.getByLabel('Wait finish').click();
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await waitForToast(page, 'Step added');

    form = await startStep(page, 'Roaster 1', 'R1', 'Input');
    await chooseOption(page, form, 'Command', 'Burner Set-point');
    await form.getByLabel('Dynamic').click();
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await waitForToast(page, 'Step added');

    const table = page.getByRole('tabpanel', { name: 'Workflow Steps' });
    await table
      .getByRole('row')
      .filter({ hasText: 'Green Silo 1 (GS1)' })
      .getByText('Wait finish')
      .waitFor();
    await table
      .getByRole('row')
      .filter({ hasText: 'Roaster 1 (R1)' })
      .getByText('Dynamic')
      .waitFor();
    expect(await stepsOf(server, id)).toMatchObject([
      {
        device_id: 'GS1',
        type: 'binary',
        command_id: DemoBinary.InletGate,
        command_value: 1,
        wait_finish: true,
      },
      {
        device_id: 'R1',
        type: 'input',
        command_id: DemoInput.BurnerSetPoint,
        dynamic: true,
        command_value: 0,
      },
    ]);

    await page.getByRole('tab', { name: 'Sort Workflow' }).click();
    const sortPanel = page.getByRole('tabpanel', { name: 'Sort Workflow' });
    expect(await sortPanel.getByRole('button', { name: 'Save Sort' }).count()).toBe(0);
    // With the keyboard (Space, arrow, Space), following the screen reader's announcements: a
    // pointer drop swallows any click within 50 ms, which would make Save Sort below a race.
    await sortPanel.getByRole('button', { name: 'Move step 2: R1' }).focus();
    await page.keyboard.press('Space');
    await page.getByText('step 2 (R1) is over position 2.').waitFor({ state: 'attached' });
    // The keyboard sensor listens for arrows only from a timer it sets while handling Space, and a
    // loaded machine can show the announcement first: a timer set now runs after that one.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    await page.keyboard.press('ArrowUp');
    await page.getByText('step 2 (R1) is over position 1.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await sortPanel.getByRole('row').nth(1).getByText('Roaster 1 (R1)').waitFor();
    await sortPanel.getByRole('button', { name: 'Save Sort' }).click();
    await waitForToast(page, 'Step order saved');
    await sortPanel.getByRole('button', { name: 'Save Sort' }).waitFor({ state: 'detached' });
    expect((await stepsOf(server, id)).map((step) => step.device_id)).toEqual(['R1', 'GS1']);

    // With the mouse: GS1 dragged back above R1 by its handle.
    const from = await sortPanel.getByRole('button', { name: 'Move step 2: GS1' }).boundingBox();
    const above = await sortPanel.getByRole('button', { name: 'Move step 1: R1' }).boundingBox();
    if (!from || !above) throw new Error('The drag handles are not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(above.x + above.width / 2, above.y - 4, { steps: 12 });
    await page.mouse.up();
    await sortPanel.getByRole('row').nth(1).getByText('Green Silo 1 (GS1)').waitFor();
    await sortPanel.getByRole('button', { name: 'Save Sort' }).waitFor();
  });

  test('run: Start with a dynamic value, follow the timeline to Finished, Clear & Reset', async () => {
    const { page, url, server } = harness();
    const admin = server.as(Role.Administrator);
    const id = await createWorkflow(server, 'Open GS3 and set R2');
    await admin('POST', '/api/diagram/rules', {
      workflow_id: id,
      device_id: 'GS3',
      type: 'binary',
      command_id: DemoBinary.InletGate,
      command_value: 1,
      wait_finish: true,
    });
    await admin('POST', '/api/diagram/rules', {
      workflow_id: id,
      device_id: 'R2',
      type: 'input',
      command_id: DemoInput.BurnerSetPoint,
      dynamic: true,
    });
    await signInAs(page, url, Role.Supervisor, `/admin/test/flow/${id}`);
    await page.getByRole('heading', { name: 'Test Open GS3 and set R2' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Green Silo 3 (GS3)' }).waitFor();

    await page.getByRole('button', { name: 'Start' }).click();
    const values = page.getByRole('dialog', { name: 'Set Dynamic Values for Workflow' });
    const missing = values.getByText('Please set Burner Set-point for Roaster 2');
    // A click while the dialog is still opening can be lost; a person would click again.
    for (let attempt = 1; ; attempt += 1) {
      await values.getByRole('button', { name: 'Start' }).click();
      try {
        await missing.waitFor({ timeout: 3_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await values.getByLabel('Burner Set-point (Roaster 2)').fill('410');
    await values.getByRole('button', { name: 'Start' }).click();
    await values.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Timeline' }).waitFor();
    await page.getByLabel('Run state: Finished').waitFor();
    await page.getByText('The workflow finished.').waitFor();
    const timeline = page.getByRole('tabpanel', { name: 'Timeline' });
    expect(await timeline.getByText('GS3').count()).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Response' }).click();
    const setPoint = page.getByRole('row').filter({ hasText: 'Burner Set-point' });
    await setPoint.getByRole('cell', { name: '410', exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Clear & Reset' }).click();
    await waitForToast(page, 'Commands reset to 0');
    await page.getByRole('button', { name: 'Start' }).waitFor();
    await page.getByLabel('Run state: Idle').waitFor();
    await eventually(async () => {
      const detail = (await admin<DeviceDetail>('GET', '/api/device/detail?id=GS3')).body;
      return detail.binary.find((command) => command.id === DemoBinary.InletGate)?.value === 0;
    }, 'the inlet gate of GS3 reset to 0');
  });

  test("an order's run is titled by its workflow and order, shows what the PLC confirmed, and logs each write once", async () => {
    const { page, url, server } = harness();
    const supervisor = server.as(Role.Supervisor);
    const product = await createSingleOrigin(server, 'Run Title Kenya');
    await plantConnected(server);
    const { lotNumber } = await bookRoastedLot(server, {
      productId: product.product_id,
      beanId: product.product_recipes[0]?.bean_id ?? 0,
      silo: 'GS6',
      bin: 'WRB1',
      greenLbs: 60,
    });
    // Packing draws released lots only; this test is about the run, so the lot is released.
    await releaseLots(supervisor, USER_PASSWORD, [lotNumber]);
    const order = await supervisor<PackingOrder>('POST', '/api/orders/packing/create', {
      product_id: product.product_id,
      order_qty: 20,
      fulfillment_date: new Date().toISOString(),
      order_customer: 'Run Title',
    });
    const id = order.body.order_id;
    const started = await supervisor<{ workflow_id: number }>('POST', '/api/orders/packing/start', {
      order_id: id,
    });
    expect(started.status).toBe(200);
    const workflowId = started.body.workflow_id;
    const { name } = (await supervisor<Workflow>('GET', `/api/workflow/${workflowId}`)).body;

    // Where Start Packing leads: the run of the order, not a test of its workflow.
    await signInAs(page, url, Role.Supervisor, `/admin/test/flow/${workflowId}`);
    await page
      .getByRole('heading', { name: `${name} — Order ${orderNumber(id)}`, exact: true })
      .waitFor();
    expect(await page.getByRole('heading', { name: /^Test / }).count()).toBe(0);
    await page.getByLabel('Run state: Finished').waitFor({ timeout: 60_000 });

    // The packer is started, the bin opened, then both closed again by later steps: each write
    // was confirmed, and its row keeps the value the PLC confirmed, not what it shows now.
    await page.getByRole('tab', { name: 'Response' }).click();
    const rows = await page
      .getByRole('tabpanel', { name: 'Response' })
      .locator('tbody tr.ant-table-row')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      );
    expect(rows.map(([device, , , app]) => [device, app])).toEqual([
      ['Packer 1', '5'],
      // The packing speed the packer is set to, whatever it is.
      ['Packer 1', expect.stringMatching(/^\d+$/)],
      ['Packer 1', '1'],
      ['WRB Bin 1', '1'],
      ['WRB Bin 1', '0'],
      ['Packer 1', '0'],
    ]);
    for (const [, , command, app, plc] of rows) expect([command, plc]).toEqual([command, app]);

    // The events log has each of the run's writes once, with the step it was for.
    await page.goto(url('/logs'));
    const search = page.getByRole('searchbox', { name: 'Event text' });
    const events = page.locator('.ant-table-tbody tr.ant-table-row');
    await search.fill(`workflow '${name}', step 3,`);
    await search.press('Enter');
    await expect
      .poll(() => events.allTextContents())
      .toEqual([
        expect.stringMatching(/^Packer 1Start set to 1: ok — workflow '.*', step 3, run /),
      ]);
    await search.fill('(confirmed by the PLC)');
    await search.press('Enter');
    await page.getByText('No Events Found').waitFor();
  });

  test('stop: a step waits on a condition that never comes true; Stop Workflow after the confirmation', async () => {
    const { page, url, server } = harness();
    const id = await createWorkflow(server, 'Wait for a hot drum', 'moving');
    await signInAs(page, url, Role.Administrator, `/admin/flow/sort/${id}`);

    const form = await startStep(page, 'Green Silo 4', 'GS4', 'Binary');
    await chooseOption(page, form, 'Command', 'Discharge Gate');
    await form.getByLabel('Command value').fill('1');
    await form.getByRole('button', { name: 'Add wait device' }).click();
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByText('Please select device to wait').waitFor();
    await form.getByText('Please select a command').waitFor();
    await form.getByText('Please enter waiting command value').waitFor();
    await searchOption(page, form, 'Device to wait 1', 'R2', 'Roaster 2 (R2)');
    await chooseOption(page, form, 'Wait type 1', 'Input');
    await chooseOption(page, form, 'Wait command 1', 'Bean Temperature (PLC)');
    await chooseOption(page, form, 'Wait condition 1', '>=');
    await form.getByLabel('Wait value 1').fill('60000');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    // The plant's refusal names the step and stays in the dialog to be corrected.
    await form
      .getByText('Step 1 (GS4 Discharge Gate): wait condition 1 (R2 Bean Temperature)')
      .waitFor();
    await form.getByLabel('Wait value 1').fill('3000');
    // Enter in any field submits the dialog.
    await form.getByLabel('Wait value 1').press('Enter');
    await waitForToast(page, 'Step added');
    expect((await stepsOf(server, id))[0]?.wait_device).toMatchObject([
      {
        device_id: 'R2',
        type: 'input',
        command_id: DemoInput.BeanTemperature,
        condition: '>=',
        command_value: 3000,
      },
    ]);

    await page.getByRole('button', { name: 'Test' }).click();
    await page.waitForURL(url(`/admin/test/flow/${id}`));
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByLabel('Run state: Running').waitFor();
    await page.getByRole('tab', { name: 'Response' }).waitFor();

    await page.getByRole('button', { name: 'Stop Workflow' }).click();
    await popconfirm(page).getByText('Are you sure to stop the workflow?').waitFor();
    await popconfirm(page).getByRole('button', { name: 'Stop' }).click();
    await page.getByLabel('Run state: Stopped').waitFor();
    await page.getByText('The workflow was stopped.').waitFor();
    const status = (
      await server.as(Role.Administrator)<RunningWorkflowState>('GET', `/api/workflow/${id}/status`)
    ).body;
    expect(status.state).toBe('stopped');

    await page.getByRole('button', { name: /Clear$/ }).click();
    await page.getByLabel('Run state: Idle').waitFor();
  });

  test('a start refused by the plant shows the server message', async () => {
    const { page, url, server } = harness();
    const id = await createWorkflow(server, 'Nothing to run');
    await server.as(Role.Administrator)('POST', '/api/diagram/rules', {
      workflow_id: id,
      device_id: 'GS5',
      type: 'binary',
      command_id: DemoBinary.InletGate,
      command_value: 1,
    });
    await server.as(Role.Administrator)('PUT', '/api/device/mode/GS5');
    await eventually(async () => {
      const detail = (
        await server.as(Role.Administrator)<DeviceDetail>('GET', '/api/device/detail?id=GS5')
      ).body;
      return detail.manual && detail.isSwitched;
    }, 'GS5 in Manual mode');
    await signInAs(page, url, Role.Administrator, `/admin/test/flow/${id}`);
    await page.getByRole('button', { name: 'Start' }).click();
    const refusal = await waitForNotification(page, 'manual mode');
    expect(refusal).toEqual({
      title: 'Error',
      description: 'This workflow cannot be started. Some of the devices are in manual mode.',
    });
    await server.as(Role.Administrator)('PUT', '/api/device/mode/GS5');
  });
});
