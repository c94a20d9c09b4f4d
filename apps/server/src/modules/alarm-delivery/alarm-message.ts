import type { AlarmDeliveryKind, AlarmState } from '@roastery/contract';
import type { AlarmRow } from './alarm-delivery-repository.ts';

/** One message, in the forms the channels send: a subject and text, or a JSON body. */
export interface AlarmMessage {
  subject: string;
  text: string;
  body: Record<string, unknown>;
}

export interface MessageFacts {
  kind: AlarmDeliveryKind;
  pipeline: string;
  recipient: { user_id: number; email: string } | null;
  ackUrl: string | null;
}

const HEADLINE: Record<Exclude<AlarmDeliveryKind, 'flood'>, string> = {
  raised: 'Alarm',
  escalation: 'Alarm not acknowledged',
  returned: 'Returned to normal',
};

/** The message of one alarm: raised, escalated or returned to normal. */
export function alarmMessage(
  facts: MessageFacts & { kind: Exclude<AlarmDeliveryKind, 'flood'> },
  alarm: AlarmRow,
  state: AlarmState,
): AlarmMessage {
  const where = alarm.deviceCode ? ` on ${alarm.deviceCode}` : '';
  const lines = [
    `${HEADLINE[facts.kind]}${where}: ${alarm.text}`,
    `Priority: ${alarm.type}`,
    `Raised at: ${alarm.createdAt.toISOString()}`,
    `State: ${state}`,
    ...(facts.ackUrl ? ['', `Acknowledge: ${facts.ackUrl}`] : []),
  ];
  return {
    subject: `[${alarm.type}] ${HEADLINE[facts.kind]}${where}: ${alarm.text}`,
    text: `${lines.join('\n')}\n`,
    body: {
      kind: facts.kind,
      pipeline: facts.pipeline,
      alarm: {
        id: alarm.id,
        priority: alarm.type,
        text: alarm.text,
        device: alarm.deviceCode,
        state,
        raised_at: alarm.createdAt.toISOString(),
        cleared_at: alarm.clearedAt?.toISOString() ?? null,
      },
      recipient: facts.recipient,
      ack_url: facts.ackUrl,
    },
  };
}

/** The one message of a flood, in place of one per alarm. */
export function floodMessage(
  facts: Pick<MessageFacts, 'pipeline' | 'recipient'>,
  flood: { count: number; since: Date },
): AlarmMessage {
  const headline = `Alarm flood: ${flood.count} alarms since ${flood.since.toISOString()}`;
  return {
    subject: headline,
    text: `${headline}\nOne message stands for all of them; see the console's alarm list.\n`,
    body: {
      kind: 'flood',
      pipeline: facts.pipeline,
      flood: { count: flood.count, since: flood.since.toISOString() },
      recipient: facts.recipient,
    },
  };
}
