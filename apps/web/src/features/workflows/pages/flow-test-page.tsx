import { useState } from 'react';
import { Link } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import {
  ClearOutlined,
  EditOutlined,
  PlayCircleOutlined,
  RedoOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { DynamicValueForm, RunningWorkflowState, RunState } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePollInterval } from '../../../lib/live-status.ts';
import { useClearAndResetRun } from '../api/clear-and-reset-run.ts';
import { useClearRun } from '../api/clear-run.ts';
import { RUN_POLL_MS, useRunStatus } from '../api/get-run-status.ts';
import { useStartCheck } from '../api/get-start-check.ts';
import { useSteps } from '../api/get-steps.ts';
import { useWorkflow } from '../api/get-workflow.ts';
import { useResumeRun } from '../api/resume-run.ts';
import { useStartWorkflow } from '../api/start-workflow.ts';
import { useStopRun } from '../api/stop-run.ts';
import { DynamicValuesModal } from '../components/dynamic-values-modal.tsx';
import { RunResponsesTable } from '../components/run-responses-table.tsx';
import { RunTimeline } from '../components/run-timeline.tsx';
import { StepsTable } from '../components/steps-table.tsx';
import { WorkflowRoute } from '../components/workflow-route.tsx';
import {
  activeRunStates,
  endedRunStates,
  runStateColors,
  runStateLabels,
} from '../lib/run-states.ts';
import { runStartedBy, runTitle } from '../lib/run-title.ts';

export const STOP_CONFIRMATION = 'Are you sure to stop the workflow?';
const endedNotices: Partial<
  Record<RunState, { type: 'success' | 'warning' | 'error'; title: string }>
> = {
  finished: { type: 'success', title: 'The workflow finished.' },
  stopped: { type: 'warning', title: 'The workflow was stopped.' },
  failed: { type: 'error', title: 'The workflow failed.' },
};

/** 'Roaster 1 is' or 'Roaster 1 and Green Silo 2 are'. */
function pausedByText(devices: RunningWorkflowState['paused_by']): string {
  const names = devices.map((d) => d.device_name);
  if (names.length === 0) return 'a device of the workflow is';
  return names.length === 1
    ? `${names[0]} is`
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are`;
}

function RunDetails({ run }: { run: RunningWorkflowState }) {
  return (
    <Tabs
      items={[
        { key: 'timeline', label: 'Timeline', children: <RunTimeline entries={run.timeline} /> },
        { key: 'response', label: 'Response', children: <RunResponsesTable rows={run.status} /> },
      ]}
    />
  );
}

function TestRun({ id }: { id: number }) {
  const workflow = useWorkflow(id);
  const steps = useSteps(id);
  const status = useRunStatus(id, usePollInterval(RUN_POLL_MS));
  const startCheck = useStartCheck(id);
  const start = useStartWorkflow(id);
  const stop = useStopRun(id);
  const resume = useResumeRun(id);
  const clear = useClearRun(id);
  const clearAndReset = useClearAndResetRun(id);
  const [dynamicGroups, setDynamicGroups] = useState<DynamicValueForm['data']>();
  const [checking, setChecking] = useState(false);
  const { message, notification } = useFeedback();
  const onError = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const run = status.data;

  const startWith = (dynamic: Record<string, number> | undefined) =>
    start.mutate(dynamic, {
      onSuccess: () => {
        setDynamicGroups(undefined);
        void message.success('Workflow started');
      },
      onError,
    });
  const onStart = async () => {
    setChecking(true);
    try {
      const check = await startCheck();
      if (check.show) setDynamicGroups(check.data);
      else startWith(undefined);
    } catch (error) {
      onError(error);
    } finally {
      setChecking(false);
    }
  };

  if (workflow.isError || status.isError) {
    const failed = workflow.isError ? workflow : status;
    return (
      <Card>
        <LoadError
          error={failed.error}
          retrying={failed.isFetching}
          onRetry={() => void failed.refetch()}
        />
      </Card>
    );
  }
  if (!workflow.data || !run) return <PageLoading />;

  const startedBy = runStartedBy(run.origin);
  const active = activeRunStates.has(run.state);
  const ended = endedRunStates.has(run.state);
  const notice = endedNotices[run.state];

  return (
    <>
      <PageHeader
        title={runTitle(workflow.data.name, run.origin)}
        subtitle={
          <Space size="small" wrap>
            {startedBy ? <span>{startedBy}.</span> : null}
            <span>Run state</span>
            <Tag
              color={runStateColors[run.state]}
              aria-label={`Run state: ${runStateLabels[run.state]}`}
            >
              {runStateLabels[run.state]}
            </Tag>
          </Space>
        }
        actions={
          <Link to={paths.admin.flowSort.getHref(id)}>
            <Button icon={<EditOutlined />} tabIndex={-1}>
              Edit
            </Button>
          </Link>
        }
      />
      <Card>
        {active ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {run.state === 'paused' ? (
              <Alert
                type="warning"
                showIcon
                title={`The run is paused: ${pausedByText(run.paused_by)} in manual mode.`}
                description="It goes on by itself when the device is back in Auto mode."
              />
            ) : null}
            {run.state === 'interrupted' ? (
              <Alert
                type="warning"
                showIcon
                title="The run was interrupted by a restart of the server."
                description="Resume it from its current step, or stop it."
              />
            ) : null}
            <Space>
              {run.state === 'interrupted' ? (
                <Button
                  type="primary"
                  icon={<RedoOutlined />}
                  loading={resume.isPending}
                  onClick={() => resume.mutate(undefined, { onError })}
                >
                  Resume
                </Button>
              ) : null}
              <Popconfirm
                title={STOP_CONFIRMATION}
                description="The whole workflow stops and must be started again."
                okText="Stop"
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  stop.mutate(undefined, {
                    onSuccess: () => void message.success('Workflow stopped'),
                    onError,
                  })
                }
              >
                <Button danger icon={<StopOutlined />} loading={stop.isPending}>
                  {run.state === 'interrupted' ? 'Stop' : 'Stop Workflow'}
                </Button>
              </Popconfirm>
            </Space>
            <RunDetails run={run} />
          </Space>
        ) : ended ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {notice ? (
              <Alert
                type={notice.type}
                showIcon
                title={notice.title}
                description={run.state === 'failed' ? run.error : undefined}
              />
            ) : null}
            <Space>
              <Button
                icon={<ClearOutlined />}
                loading={clear.isPending}
                onClick={() => clear.mutate(undefined, { onError })}
              >
                Clear
              </Button>
              <Button
                type="primary"
                icon={<RedoOutlined />}
                loading={clearAndReset.isPending}
                onClick={() =>
                  clearAndReset.mutate(undefined, {
                    onSuccess: () => void message.success('Commands reset to 0'),
                    onError,
                  })
                }
              >
                Clear &amp; Reset
              </Button>
            </Space>
            <RunDetails run={run} />
          </Space>
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              loading={checking || start.isPending}
              disabled={steps.data?.length === 0}
              onClick={() => void onStart()}
            >
              Start
            </Button>
            {steps.data ? (
              <StepsTable steps={steps.data} />
            ) : steps.isError ? (
              <LoadError
                error={steps.error}
                retrying={steps.isFetching}
                onRetry={() => void steps.refetch()}
              />
            ) : (
              <Skeleton active title={false} paragraph={{ rows: 4 }} />
            )}
          </Space>
        )}
      </Card>
      <DynamicValuesModal
        groups={dynamicGroups}
        starting={start.isPending}
        onStart={startWith}
        onCancel={() => setDynamicGroups(undefined)}
      />
    </>
  );
}

/**
 * The run screen: start a workflow, follow it step by step, stop it, clear it. Orders and
 * dumps open it too, on their production runs.
 */
export function FlowTestPage() {
  return <WorkflowRoute>{(id) => <TestRun key={id} id={id} />}</WorkflowRoute>;
}
