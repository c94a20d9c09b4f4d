import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dumpTarget, type DumpTarget, type DumpTargetType } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { dumpKeys } from './dump-keys.ts';

export interface DumpTargetsInput {
  beanId: number;
  amount: number;
  type: DumpTargetType;
}

/** Every device of a type, with whether this dump fits in it and why not. A read, sent as POST. */
export function getDumpTargets(
  { beanId, amount, type }: DumpTargetsInput,
  signal?: AbortSignal,
): Promise<DumpTarget[]> {
  return apiRequest('/dump/silo/dumps', dumpTarget.array(), {
    method: 'POST',
    body: { bean_id: beanId, amount, type },
    signal,
  });
}

export function getDumpTargetsQueryOptions(input: DumpTargetsInput) {
  return queryOptions({
    queryKey: dumpKeys.targets(input.beanId, input.amount, input.type),
    queryFn: ({ signal }) => getDumpTargets(input, signal),
  });
}

/** Waits for a bean and an amount; keeps the last list while the operator types the amount. */
export function useDumpTargets(input: DumpTargetsInput | undefined) {
  return useQuery({
    ...getDumpTargetsQueryOptions(input ?? { beanId: 0, amount: 0, type: 'Silo Bin' }),
    enabled: input !== undefined,
    placeholderData: keepPreviousData,
  });
}
