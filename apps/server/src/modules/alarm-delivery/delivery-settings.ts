import { z } from 'zod';
import {
  alarmPipelineBody,
  smtpTransportBody,
  type AlarmDeliverySettings,
  type AlarmDeliverySettingsBody,
} from '@roastery/contract';
import { unprocessable } from '../../lib/http-errors.ts';

/** The settings as stored: the body's shape with the secrets kept. */
export const storedSettings = z.object({
  console_url: z.string().nullable(),
  smtp: smtpTransportBody.extend({ password: z.string().nullable() }).nullable(),
  pipelines: z.array(alarmPipelineBody.extend({ webhook_secret: z.string().nullable() })),
});
export type StoredSettings = z.infer<typeof storedSettings>;
export type StoredPipeline = StoredSettings['pipelines'][number];

/** Nothing is sent until an administrator saves settings. */
export const NO_DELIVERY: StoredSettings = { console_url: null, smtp: null, pipelines: [] };

/** What an administrator sees: the secrets only as whether they are set. */
export function presentSettings(
  stored: StoredSettings,
  updatedBy: string | null,
  updatedAt: Date | null,
): AlarmDeliverySettings {
  const { smtp } = stored;
  return {
    console_url: stored.console_url,
    smtp: smtp
      ? {
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          user: smtp.user,
          from: smtp.from,
          password_set: smtp.password !== null,
        }
      : null,
    pipelines: stored.pipelines.map(({ webhook_secret, ...p }) => ({
      ...p,
      webhook_secret_set: webhook_secret !== null,
    })),
    updated_by: updatedBy,
    updated_at: updatedAt?.toISOString() ?? null,
  };
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The settings to store from what an administrator sent: secrets left out are kept (a pipeline's
 * by its name), and a configuration that could not deliver is refused with the reason.
 */
export function nextSettings(
  body: AlarmDeliverySettingsBody,
  before: StoredSettings,
  accounts: ReadonlyMap<number, unknown>,
): StoredSettings {
  const smtp = body.smtp
    ? {
        ...body.smtp,
        password:
          body.smtp.password == null
            ? (before.smtp?.password ?? null)
            : body.smtp.password === ''
              ? null
              : body.smtp.password,
      }
    : null;
  const names = new Set<string>();
  const pipelines = body.pipelines.map((p) => {
    if (names.has(p.name)) throw unprocessable(`Two pipelines are named ${p.name}.`);
    names.add(p.name);
    const secret =
      p.webhook_secret ?? before.pipelines.find((b) => b.name === p.name)?.webhook_secret ?? null;
    const stored = { ...p, webhook_secret: p.channel === 'webhook' ? secret : null };
    checkPipeline(stored, smtp !== null, body.console_url, accounts);
    return stored;
  });
  return { console_url: body.console_url, smtp, pipelines };
}

function checkPipeline(
  p: StoredPipeline,
  hasSmtp: boolean,
  consoleUrl: string | null,
  accounts: ReadonlyMap<number, unknown>,
): void {
  const named = `Pipeline ${p.name}:`;
  if (p.channel === 'webhook' && (!p.webhook_url || !p.webhook_secret)) {
    throw unprocessable(`${named} a webhook needs its address and a secret to sign with.`);
  }
  if (p.channel === 'email') {
    if (!hasSmtp) throw unprocessable(`${named} e-mail needs the SMTP server set.`);
    if (p.roster.length === 0) throw unprocessable(`${named} e-mail needs someone on the roster.`);
  }
  if (p.escalate_after_minutes !== null && p.roster.length < 2) {
    throw unprocessable(`${named} escalation needs at least two people on the roster.`);
  }
  for (const person of p.roster) {
    if (!accounts.has(person.user_id)) {
      throw unprocessable(`${named} there is no user ${person.user_id}.`);
    }
  }
  if (p.roster.length > 0 && !consoleUrl) {
    throw unprocessable(`${named} the console address is needed for acknowledgement links.`);
  }
  if (p.quiet_hours && !validTimeZone(p.quiet_hours.time_zone)) {
    throw unprocessable(`${named} ${p.quiet_hours.time_zone} is not a time zone.`);
  }
}
