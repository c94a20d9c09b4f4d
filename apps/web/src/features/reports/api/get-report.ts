import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  cleanerWasteReport,
  oeeReport,
  packingReport,
  productionReport,
  roastConsistencyReport,
  shrinkageReport,
  summaryReport,
} from '@roastery/contract';
import { apiRequest, type ReplyParser } from '../../../lib/api-client.ts';
import { periodQuery, type Period } from '../lib/period.ts';

/** Each report's call and reply; the keys are the calls' names under /report. */
export const reportCalls = {
  summary: summaryReport,
  oee: oeeReport,
  production: productionReport,
  cleaner_waste: cleanerWasteReport,
  shrinkage: shrinkageReport,
  roast_consistency: roastConsistencyReport,
  packing: packingReport,
} as const;
export type ReportCall = keyof typeof reportCalls;
type ReplyOf<K extends ReportCall> = ReturnType<(typeof reportCalls)[K]['parse']>;

export function getReport<K extends ReportCall>(
  call: K,
  period: Period,
  signal?: AbortSignal,
): Promise<ReplyOf<K>> {
  const parser = reportCalls[call] as unknown as ReplyParser<ReplyOf<K>>;
  return apiRequest(`/report/${call}?${periodQuery(period)}`, parser, { signal });
}

/** A report over a period; the last figures stay shown while a new period loads. */
export function useReport<K extends ReportCall>(call: K, period: Period) {
  return useQuery({
    queryKey: ['report', call, period.from.valueOf(), period.to.valueOf()],
    queryFn: ({ signal }) => getReport(call, period, signal),
    placeholderData: keepPreviousData,
  });
}
