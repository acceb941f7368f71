import type { Logger } from 'pino';
import type { ServerConfig } from '@/services/server/config';
import type { Db } from '@/services/server/db/client';
import { writeOutbox } from '@/services/server/mail/outbox';

export interface SmsMessage {
  /** E.164 number. */
  readonly to: string;
  readonly text: string;
}

export interface SmsSender {
  /** Only 'log' exists so far: a real gateway is one more implementation of this interface. */
  readonly kind: 'log';
  send(message: SmsMessage): Promise<void>;
}

/**
 * SMS are not delivered by the built-in provider (no SMS gateway is configured): each message is
 * logged at info with its text and, when DEV_OUTBOX is on, kept in the dev outbox. Deployments
 * that need real phone sign-in use the Firebase provider or add a sender here.
 */
export function createSmsSender(config: Pick<ServerConfig, 'devOutbox'>, db: Db, log: Logger): SmsSender {
  return {
    kind: 'log',
    async send(message) {
      log.info({ channel: 'sms', to: message.to, body: message.text }, 'sms not delivered (no SMS gateway): its text is in this log line');
      if (config.devOutbox) await writeOutbox(db, { channel: 'sms', recipient: message.to, body: message.text });
    },
  };
}
