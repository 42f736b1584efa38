import type { FastifyBaseLogger } from 'fastify';

export interface SmsSender {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
}

/** Embedded default: no SMS gateway, so the message goes to the server log, and the log says so. */
export function logSmsSender(log: Pick<FastifyBaseLogger, 'warn'>): SmsSender {
  return {
    name: 'log',
    async send(to, text) {
      log.warn(
        { sms: { to, text } },
        'SMS not sent (embedded mode has no SMS gateway): the message is written here instead',
      );
    },
  };
}
