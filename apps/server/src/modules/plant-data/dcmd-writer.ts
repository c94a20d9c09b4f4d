import type { FastifyBaseLogger } from 'fastify';
import { dcmdTagKey, Role, type CommandRef, type PlantDataConfig } from '@roastery/contract';
import { permissions } from '../../permissions.ts';
import type { DeviceService } from '../devices/device-service.ts';
import type { StoredAccounts } from '../users/users-area.ts';

/** The console's own routes for a manual write: a DCMD needs the role they need. */
const WRITE_ROUTES = {
  input: 'POST /api/device/event',
  binary: 'PUT /api/command/toogle/:id',
} as const;

export interface DcmdWriterDeps {
  config: Pick<PlantDataConfig, 'dcmd_user' | 'dcmd_tags'>;
  devices: Pick<DeviceService, 'writeCommand'>;
  /** The stored accounts (the users' service is built after this area). */
  accounts: { repository: Pick<StoredAccounts['repository'], 'findByUsername'> };
  logger: FastifyBaseLogger;
}

/**
 * Sparkplug device commands as console writes: only to the tags an administrator enabled, as
 * the configured user, whose role must allow the console's write route, through the devices
 * area's manual write (its mode and owner checks, its audit). Undefined when no tag is enabled.
 */
export function dcmdWriter(deps: DcmdWriterDeps) {
  const { config, devices, accounts, logger } = deps;
  const enabled = new Set(config.dcmd_tags);
  if (config.dcmd_user === '' || enabled.size === 0) return undefined;
  return async (ref: CommandRef, value: number): Promise<boolean> => {
    const tag = dcmdTagKey(ref);
    const refuse = (reason: string) => {
      logger.warn({ tag, value }, `plant data: Sparkplug device command refused: ${reason}`);
      return false;
    };
    if (!enabled.has(tag)) return refuse('writes from MQTT are off for this tag');
    if (ref.command_kind === 'binary' && value !== 0 && value !== 1) {
      return refuse('a binary command takes 0 or 1');
    }
    const user = await accounts.repository.findByUsername(config.dcmd_user);
    if (!user) return refuse(`no console user ${config.dcmd_user}`);
    const access = permissions[WRITE_ROUTES[ref.command_kind]];
    const role = Object.values(Role).find((r) => r === user.role);
    if (role === undefined || !Array.isArray(access) || !access.includes(role)) {
      return refuse(`${user.username} may not write commands`);
    }
    try {
      const reply = await devices.writeCommand(
        ref.device_id,
        ref.command_kind,
        ref.command_id,
        value,
        { id: user.id, role, username: user.username, fullName: user.fullName },
      );
      logger.info({ tag, value, by: user.username }, `plant data: DCMD ${reply.message}`);
      return true;
    } catch (err) {
      return refuse(err instanceof Error ? err.message : String(err));
    }
  };
}
