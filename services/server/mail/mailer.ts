import type { Logger } from 'pino';
import type { ServerConfig } from '@/services/server/config';
import type { Db } from '@/services/server/db/client';
import { writeOutbox } from '@/services/server/mail/outbox';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  /** Plain text; links are written out in full. */
  readonly text: string;
}

export interface MailSender {
  /** 'smtp' delivers for real; 'log' writes the message to the log (and the dev outbox when on). */
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise mail is not delivered: it is logged at
 * info with its full text (so an operator without SMTP can still hand a player their link) and,
 * when DEV_OUTBOX is on, also kept in the dev outbox.
 */
export function createMailSender(config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'devOutbox'>, db: Db, log: Logger): MailSender {
  const { smtpUrl } = config;
  if (smtpUrl) {
    // Loaded only when configured: most development setups never need the SMTP client.
    let transport: Promise<import('nodemailer').Transporter> | undefined;
    const getTransport = () => (transport ??= import('nodemailer').then((m) => (m.default ?? m).createTransport(smtpUrl)));
    return {
      kind: 'smtp',
      async send(message) {
        const t = await getTransport();
        await t.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text });
        // The text carries one-time links: it is not logged when real delivery works.
        log.info({ channel: 'email', to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  return {
    kind: 'log',
    async send(message) {
      log.info(
        { channel: 'email', to: message.to, subject: message.subject, body: message.text },
        'mail not delivered (no SMTP_URL): its text is in this log line',
      );
      if (config.devOutbox) await writeOutbox(db, { channel: 'email', recipient: message.to, subject: message.subject, body: message.text });
    },
  };
}
