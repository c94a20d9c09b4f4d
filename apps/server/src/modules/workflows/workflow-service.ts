import {
  WORKFLOW_SETTING_DEFAULTS,
  type CreateStepBody,
  type Diagram,
  type StepFields,
  type Workflow,
  type WorkflowDefinition,
  type WorkflowListEntry,
  type WorkflowStep,
  type WorkflowTrigger,
  type WorkflowType,
} from '@roastery/contract';
import type { WorkflowEngine, WorkflowSource } from '@roastery/engine';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import type { StepRow, WorkflowRepository, WorkflowRow } from './workflow-repository.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';

function presentStep(s: StepRow): WorkflowStep {
  return {
    id: s.id,
    sort_no: s.sortNo,
    device_id: s.deviceId,
    type: s.type,
    command_id: s.commandId,
    command_value: s.commandValue,
    dynamic: s.dynamic,
    wait_finish: s.waitFinish,
    wait_device: s.waitDevice,
    current_mode: s.currentMode,
    color: s.color,
    timeout_s: s.timeoutS,
  };
}

function stepColumns(fields: StepFields) {
  return {
    deviceId: fields.device_id,
    type: fields.type,
    commandId: fields.command_id,
    commandValue: fields.dynamic ? 0 : fields.command_value,
    dynamic: fields.dynamic,
    waitFinish: fields.wait_finish,
    waitDevice: fields.wait_device,
    currentMode: fields.current_mode ?? null,
    color: fields.color ?? null,
    timeoutS: fields.timeout_s ?? null,
  };
}

/**
 * Workflow definitions as administrators edit them. Steps are checked against the plant on
 * every change (the device exists, the command is one of its type, values in range), and a
 * workflow with a run under way cannot be deleted.
 */
export class WorkflowService implements WorkflowSource {
  readonly #repo: WorkflowRepository;
  readonly #changed: ConfigChanged;
  #engine: WorkflowEngine | undefined;

  constructor(repo: WorkflowRepository, changed: ConfigChanged) {
    this.#repo = repo;
    this.#changed = changed;
  }

  /** Logs a committed change of a workflow, named as it is now. */
  async #logChange(workflow: number | WorkflowRow, action: string, by: string): Promise<void> {
    const row = typeof workflow === 'number' ? await this.#repo.find(workflow) : workflow;
    this.#changed({ area: 'workflow', action, target: row?.name ?? `${workflow}`, by });
  }

  /** The engine reads definitions from this service, and this service asks it about runs. */
  attach(engine: WorkflowEngine): void {
    this.#engine = engine;
  }

  async workflow(id: number): Promise<WorkflowDefinition | undefined> {
    const row = await this.#repo.find(id);
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      steps: (await this.#repo.steps(id)).map(presentStep),
      settings: { wait_timeout_s: row.waitTimeoutS, manual_timeout_s: row.manualTimeoutS },
    };
  }

  async triggers(): Promise<WorkflowTrigger[]> {
    return (await this.#repo.triggers()).map((t) => ({
      id: t.id,
      when: t.when,
      workflow: t.workflowId,
      parent: t.parentId,
    }));
  }

  /** The first workflow of a type whose steps drive a device, e.g. the roasting one of a roaster. */
  async workflowDriving(type: WorkflowType, code: string): Promise<WorkflowRow | undefined> {
    return (await this.workflowsDriving(type, code))[0]?.workflow;
  }

  /**
   * The workflows of a type whose steps drive a device, by name, each with the devices it
   * drives: e.g. the dumping workflows that fill a silo, one from each dump station.
   */
  async workflowsDriving(
    type: WorkflowType,
    code: string,
  ): Promise<{ workflow: WorkflowRow; devices: string[] }[]> {
    const found: { workflow: WorkflowRow; devices: string[] }[] = [];
    for (const w of await this.#repo.list({ type })) {
      const devices = (await this.#repo.steps(w.id)).map((s) => s.deviceId);
      if (devices.some((d) => d.toLowerCase() === code.toLowerCase())) {
        found.push({ workflow: w, devices });
      }
    }
    return found;
  }

  /** Why a device cannot go: the workflows that use it. */
  async usesOfDevice(code: string): Promise<string[]> {
    return (await this.#repo.usingDevice(code)).map((name) => `workflow '${name}'`);
  }

  async list(type: 'all' | WorkflowType, search?: string): Promise<WorkflowListEntry[]> {
    const rows = await this.#repo.list({
      ...(type === 'all' ? {} : { type }),
      ...(search ? { search } : {}),
    });
    return rows.map((w) => ({ id: w.id, name: w.name, reserved: w.isSystem, type: w.type }));
  }

  async #require(id: number): Promise<WorkflowRow> {
    const row = await this.#repo.find(id);
    if (!row) throw notFound(`Workflow ${id} not found.`);
    return row;
  }

  async get(id: number): Promise<Workflow> {
    const row = await this.#require(id);
    return {
      id: row.id,
      name: row.name,
      isSystem: row.isSystem,
      type: row.type,
      nodes: row.nodes,
      edges: row.edges,
      steps: (await this.#repo.steps(id)).map(presentStep),
      settings: { wait_timeout_s: row.waitTimeoutS, manual_timeout_s: row.manualTimeoutS },
    };
  }

  async create(name: string, type: WorkflowType, by: string): Promise<Workflow> {
    try {
      const row = await this.#repo.insert({ name, type, ...WORKFLOW_SETTING_DEFAULTS });
      await this.#logChange(row, `created (${type})`, by);
      return this.get(row.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`A workflow named '${name}' already exists.`);
      throw error;
    }
  }

  async delete(id: number, by: string): Promise<void> {
    const row = await this.#require(id);
    if (row.isSystem) throw conflict(`'${row.name}' is a system workflow and cannot be deleted.`);
    const run = this.#engine?.currentRun(id);
    if (run && !['finished', 'stopped', 'failed'].includes(run.state)) {
      throw conflict(`'${row.name}' is running: stop it before deleting it.`);
    }
    try {
      await this.#repo.delete(id);
    } catch (error) {
      // Roasting paths are the only records that keep a workflow from going.
      if (isForeignKeyViolation(error)) {
        throw conflict(
          `'${row.name}' is the workflow of a roasting path: change or delete the path under Paths first.`,
        );
      }
      throw error;
    }
    await this.#logChange(row, 'deleted', by);
  }

  async diagram(id: number): Promise<Diagram> {
    const row = await this.#require(id);
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      isSystem: row.isSystem,
      nodes: row.nodes,
      edges: row.edges,
      revision: row.revision,
    };
  }

  async saveDiagram(
    id: number,
    nodes: Diagram['nodes'],
    edges: Diagram['edges'],
    revision: number | undefined,
    by: string,
  ): Promise<Diagram> {
    const row = await this.#require(id);
    const ids = new Set(nodes.map((n) => n.id));
    const dangling = edges.filter((e) => !ids.has(e.source) || !ids.has(e.target));
    if (dangling.length)
      throw unprocessable(
        'Error in saving flow: an edge connects a node that is not on the canvas.',
      );
    const saved = await this.#repo.saveDiagram(row.id, revision, { nodes, edges });
    if (!saved) {
      throw conflict(
        'Someone saved this workflow after you opened it. Reload it and make your changes again.',
      );
    }
    await this.#logChange(row, 'diagram saved', by);
    return this.diagram(id);
  }

  async updateSetting(
    id: number,
    type: 'wait_timeout_s' | 'manual_timeout_s',
    value: number,
    by: string,
  ): Promise<Workflow> {
    const row = await this.#require(id);
    await this.#repo.update(
      id,
      type === 'wait_timeout_s' ? { waitTimeoutS: value } : { manualTimeoutS: value },
    );
    await this.#logChange(row, `${type} set to ${value}`, by);
    return this.get(id);
  }

  /** Checks the steps as they would be after a change; a problem names the step. */
  #check(steps: WorkflowStep[]): void {
    const problems = this.#engine?.validate({ steps }) ?? [];
    if (problems.length) throw unprocessable(problems.map((p) => p.message).join('; '));
  }

  async createStep(body: CreateStepBody, by: string): Promise<WorkflowStep> {
    const workflow = await this.#require(body.workflow_id);
    const steps = (await this.#repo.steps(body.workflow_id)).map(presentStep);
    const sortNo = steps.reduce((max, s) => Math.max(max, s.sort_no), 0) + 1;
    const columns = stepColumns(body);
    this.#check([
      ...steps,
      presentStep({ id: 0, workflowId: body.workflow_id, sortNo, ...columns }),
    ]);
    const step = presentStep(
      await this.#repo.insertStep({ workflowId: body.workflow_id, sortNo, ...columns }),
    );
    await this.#logChange(workflow, `step ${step.id} added`, by);
    return step;
  }

  async updateStep(id: number, fields: StepFields, by: string): Promise<WorkflowStep> {
    const current = await this.#repo.step(id);
    if (!current) throw notFound('Step not found.');
    const columns = stepColumns(fields);
    const steps = (await this.#repo.steps(current.workflowId)).map((s) =>
      s.id === id ? presentStep({ ...s, ...columns }) : presentStep(s),
    );
    this.#check(steps);
    const updated = await this.#repo.updateStep(id, columns);
    if (!updated) throw notFound('Step not found.');
    await this.#logChange(current.workflowId, `step ${id} changed`, by);
    return presentStep(updated);
  }

  async deleteStep(id: number, by: string): Promise<void> {
    const workflowId = await this.#repo.deleteStep(id);
    if (workflowId === undefined) throw notFound('Step not found.');
    await this.#logChange(workflowId, `step ${id} deleted`, by);
  }

  async sortSteps(
    id: number,
    order: { id: number; sort_no: number }[],
    by: string,
  ): Promise<WorkflowStep[]> {
    const workflow = await this.#require(id);
    const known = new Set((await this.#repo.steps(id)).map((s) => s.id));
    const foreign = order.filter((o) => !known.has(o.id)).map((o) => o.id);
    if (foreign.length)
      throw unprocessable(`Steps ${foreign.join(', ')} are not steps of this workflow.`);
    await this.#repo.sortSteps(id, order);
    await this.#logChange(workflow, 'steps reordered', by);
    return (await this.#repo.steps(id)).map(presentStep);
  }

  async importSteps(fromId: number, toId: number, by: string): Promise<number> {
    const source = await this.#require(fromId);
    const target = await this.#require(toId);
    if (target.isSystem)
      throw conflict(`'${target.name}' is a system workflow: its steps cannot be overwritten.`);
    const copied = await this.#repo.copySteps(fromId, toId);
    await this.#logChange(target, `steps replaced with those of '${source.name}'`, by);
    return copied;
  }

  async deviceSort(id: number) {
    await this.#require(id);
    return (await this.#repo.deviceSort(id)).map((r) => ({
      device_id: r.deviceId,
      sort_no: r.sortNo,
    }));
  }

  async saveDeviceSort(id: number, rows: { device_id: string; sort_no: number }[], by: string) {
    const workflow = await this.#require(id);
    const codes = rows.map((r) => r.device_id);
    const twice = codes.filter((code, i) => codes.indexOf(code) !== i);
    if (twice.length) {
      throw badRequest(
        `Each device may appear once in the order: ${[...new Set(twice)].join(', ')} appears more than once.`,
      );
    }
    await this.#repo.saveDeviceSort(
      id,
      rows.map((r) => ({ deviceId: r.device_id, sortNo: r.sort_no })),
    );
    await this.#logChange(workflow, 'devices reordered', by);
    return this.deviceSort(id);
  }

  async products(id: number) {
    await this.#require(id);
    return (await this.#repo.productsOf(id)).map((p) => ({
      id: p.id,
      product_id: p.productId,
      product_name: p.name,
      product_description: p.description,
    }));
  }

  async addProduct(workflowId: number, productId: number, by: string) {
    const workflow = await this.#require(workflowId);
    try {
      await this.#repo.addProduct(workflowId, productId);
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('This product is already linked to the workflow.');
      if (isForeignKeyViolation(error)) throw notFound(`Product ${productId} not found.`);
      throw error;
    }
    await this.#logChange(workflow, `product ${productId} linked`, by);
    return this.products(workflowId);
  }

  async deleteProduct(id: number, by: string): Promise<void> {
    const workflowId = await this.#repo.deleteProduct(id);
    if (workflowId === undefined) throw notFound('Product link not found.');
    await this.#logChange(workflowId, 'product unlinked', by);
  }

  async triggerList(id: number) {
    await this.#require(id);
    const rows = await this.#repo.triggers(id);
    const names = new Map((await this.#repo.list({})).map((w) => [w.id, w.name]));
    return rows.map((t) => ({
      id: t.id,
      when: t.when,
      workflow: { id: t.workflowId, name: names.get(t.workflowId) ?? '' },
      parent: t.parentId === null ? null : { id: t.parentId, name: names.get(t.parentId) ?? '' },
    }));
  }

  async addTrigger(
    workflowId: number,
    when: WorkflowTrigger['when'],
    parentId: number | null,
    by: string,
  ) {
    const workflow = await this.#require(workflowId);
    if (parentId !== null) {
      await this.#require(parentId);
      if (parentId === workflowId) throw unprocessable('A workflow cannot be its own parent.');
    }
    await this.#repo.insertTrigger({ workflowId, when, parentId });
    await this.#logChange(workflow, `trigger added (${when})`, by);
    return this.triggerList(workflowId);
  }

  async deleteTrigger(id: number, by: string): Promise<void> {
    const workflowId = await this.#repo.deleteTrigger(id);
    if (workflowId === undefined) throw notFound('Trigger not found.');
    await this.#logChange(workflowId, 'trigger removed', by);
  }
}
