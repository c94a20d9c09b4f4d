import type { Database } from '@roastery/db';
import { WorkflowEngine, type RunEvent } from '@roastery/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { AreaRoutes } from '../../lib/area.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantEvent } from '../../plant/hub/plant-events.ts';
import type { AuditService } from '../audit/audit-service.ts';
import { stepWriteAudit } from '../audit/step-write-audit.ts';
import type { DeviceService } from '../devices/device-service.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { DatabaseRunStore } from './run-store.ts';
import { RuntimeDevicePort, type PlcRuntime } from './runtime-device-port.ts';
import { WorkflowRepository } from './workflow-repository.ts';
import { workflowRoutes } from './workflow-routes.ts';
import { WorkflowRunService } from './workflow-run-service.ts';
import { WorkflowService } from './workflow-service.ts';

/** What the workflows area needs from the rest of the console. */
export interface WorkflowsNeeds {
  db: Database;
  configChanged: ConfigChanged;
  hub: EventHub;
  /** The engine's devices are the PLC runtime's. */
  runtime: PlcRuntime;
  /** Records the engine's notices. */
  notifications: Pick<NotificationService, 'raise'>;
  /** Seals each step's writes in the audit log. */
  audit: AuditService;
  logger: FastifyBaseLogger;
}

function clearTimer(timer: NodeJS.Timeout): () => void {
  return () => clearTimeout(timer);
}

/** The engine's run events, as the hub carries them. */
function runEvent(event: RunEvent): PlantEvent {
  const base = { type: 'run' as const, workflow_id: event.workflow_id, run_id: event.run_id };
  switch (event.type) {
    case 'state':
      return { ...base, change: 'state', state: event.state, error: event.error };
    case 'timeline':
      return {
        ...base,
        change: 'timeline',
        entry: event.entry,
        ...(event.reportsWrite ? { reportsWrite: event.reportsWrite } : {}),
      };
    case 'status':
    case 'cleared':
      return { ...base, change: event.type };
  }
}

function build({ db, hub, runtime, notifications, logger, ...needs }: WorkflowsNeeds) {
  const workflows = new WorkflowService(new WorkflowRepository(db), needs.configChanged);
  const devicePort = new RuntimeDevicePort(runtime, hub);
  const engine = new WorkflowEngine({
    devices: devicePort,
    store: new DatabaseRunStore(db),
    workflows,
    clock: { now: () => Date.now(), setTimer: (ms, fn) => clearTimer(setTimeout(fn, ms)) },
    events: { emit: (event) => hub.publish(runEvent(event)) },
    notifier: {
      notify: (notice) => {
        void notifications
          .raise({ type: notice.type, text: notice.text, by: 'workflow engine' })
          .catch((err: unknown) => logger.error({ err }, 'workflow notice could not be recorded'));
      },
    },
    writes: stepWriteAudit(needs.audit),
  });
  workflows.attach(engine);
  let engineOpen = false;
  return {
    workflows,
    workflowRuns: new WorkflowRunService(engine),
    engine,
    devicePort,
    /** Whether the engine is open: between the plant's start and stop. */
    engineOpen: () => engineOpen,
    /** Lets the engine take up its runs while the plant runs; its stop keeps them stored. */
    engineRun: {
      start: async () => {
        await engine.open();
        engineOpen = true;
      },
      stop: async () => {
        await engine.close();
        engineOpen = false;
      },
    },
  };
}

const routes: AreaRoutes<{
  workflows: WorkflowService;
  workflowRuns: WorkflowRunService;
  devices: DeviceService;
}> = async (api, { services }) => {
  await api.register(workflowRoutes, {
    workflows: services.workflows,
    runs: services.workflowRuns,
    devices: services.devices,
  });
};

/** Workflows, their diagrams and runs, and the engine that runs them on the plant. */
export const workflowsArea = { build, routes };
