import { useEffect } from 'react';
import { SettingRef } from '@roastery/contract';
import { useSetting } from '../../lib/get-setting.ts';

export const CONSOLE_NAME = 'Roastery Console';

/**
 * The plant's name from the settings (other family), or the console's own: shown beside the
 * brand mark and in the browser's tab, so a supervisor with two plants open tells them apart.
 */
export function usePlantName(): string {
  const plantName = useSetting(SettingRef.PlantName).data?.value.trim() ?? '';
  useEffect(() => {
    document.title = plantName ? `${plantName} · ${CONSOLE_NAME}` : CONSOLE_NAME;
  }, [plantName]);
  return plantName || CONSOLE_NAME;
}
