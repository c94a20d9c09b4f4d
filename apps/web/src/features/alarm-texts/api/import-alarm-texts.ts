import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { messageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { deviceAlarmTextsQueryKey } from './get-alarm-texts.ts';

const importReply = messageReply.extend({ count: z.number().int() });
export type ImportAlarmTextsReply = z.infer<typeof importReply>;

export interface ImportAlarmTextsInput {
  from_device_id: string;
  to_device_id: string;
}

/** Replaces every alarm text of the target device with the source device's texts. */
export function importAlarmTexts(body: ImportAlarmTextsInput): Promise<ImportAlarmTextsReply> {
  return apiRequest('/alarm-text/import', importReply, { method: 'POST', body });
}

export function useImportAlarmTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAlarmTexts,
    onSuccess: (_reply, { to_device_id }) =>
      queryClient.invalidateQueries({ queryKey: deviceAlarmTextsQueryKey(to_device_id) }),
  });
}
