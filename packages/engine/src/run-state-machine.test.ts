import { describe, expect, it } from 'vitest';
import { WORKFLOW_SETTING_DEFAULTS, type RunState } from '@roastery/contract';
import {
  IllegalTransitionError,
  canTransition,
  createRun,
  isActive,
  transition,
} from './run-state-machine.ts';

const newRun = () =>
  createRun({
    id: 'r1',
    workflow: {
      id: 1,
      name: 'W',
      type: 'moving',
      steps: [],
      settings: { ...WORKFLOW_SETTING_DEFAULTS },
    },
    dynamic_values: {},
    who: 'ada',
    origin: { kind: 'person' },
    owner: null,
    at: '2025-01-06T08:00:00.000Z',
  });

describe('run state machine', () => {
  it('follows idle -> running -> paused -> running -> finished, stamping the end', () => {
    const run = newRun();
    for (const to of ['running', 'paused', 'running'] as RunState[]) transition(run, to, 't');
    expect(run.ended_at).toBeNull();
    transition(run, 'finished', 'end');
    expect(run).toMatchObject({ state: 'finished', ended_at: 'end' });
  });

  it('lets an interrupted run be resumed or stopped, never finished directly', () => {
    expect(canTransition('interrupted', 'running')).toBe(true);
    expect(canTransition('interrupted', 'stopped')).toBe(true);
    expect(canTransition('interrupted', 'finished')).toBe(false);
  });

  it('refuses to leave an ended state', () => {
    const run = transition(transition(newRun(), 'running', 't'), 'stopped', 't');
    expect(() => transition(run, 'running', 't')).toThrow(IllegalTransitionError);
    expect(isActive(run.state)).toBe(false);
  });
});
