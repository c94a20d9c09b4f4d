import nodemailer, { type Transporter } from 'nodemailer';
import type { StoredSettings } from './delivery-settings.ts';

type Smtp = NonNullable<StoredSettings['smtp']>;

/** How long the SMTP server has to answer each step before the attempt fails. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Sends through the configured SMTP server, one pooled transport per configuration: a burst of
 * alarms reuses its connections, and a changed configuration closes the old pool.
 */
export class EmailSender {
  #key = '';
  #transport: Transporter | undefined;

  async send(smtp: Smtp, to: string, subject: string, text: string): Promise<void> {
    await this.#transportFor(smtp).sendMail({ from: smtp.from, to, subject, text });
  }

  close(): void {
    this.#transport?.close();
    this.#transport = undefined;
    this.#key = '';
  }

  #transportFor(smtp: Smtp): Transporter {
    const key = JSON.stringify(smtp);
    if (this.#transport && key === this.#key) return this.#transport;
    this.close();
    this.#key = key;
    this.#transport = nodemailer.createTransport({
      pool: true,
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return this.#transport;
  }
}
