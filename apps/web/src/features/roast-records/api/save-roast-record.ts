import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roastRecord, type RoastRecord, type RoastRecordMarksBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { roastRecordKeys } from './roast-record-keys.ts';

function useRecordChange<Body>(path: (id: number) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Body }) =>
      apiRequest(path(id), roastRecord, { method: 'PUT', body }),
    onSuccess: (record: RoastRecord) => {
      queryClient.setQueryData(roastRecordKeys.detail(record.id), record);
      // The list shows the events and phases a mark moves.
      void queryClient.invalidateQueries({ queryKey: roastRecordKeys.all });
    },
  });
}

/** Replaces the operator's marks, all of them; the server reads the events and phases again. */
export function useSaveMarks() {
  return useRecordChange<RoastRecordMarksBody>((id) => `/roast-records/${id}/marks`);
}

export function useSaveNotes() {
  return useRecordChange<{ notes: string }>((id) => `/roast-records/${id}/notes`);
}
