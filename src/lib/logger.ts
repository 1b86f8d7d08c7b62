/**
 * The process logger: JSON lines in production (for the host's log collector), readable lines in development.
 * Lead contact details and secrets are never logged at info level; pino's redaction is a second guard.
 */
import pino, { type Logger } from 'pino';

export type { Logger };

/** `toStderr`: for the CLI, whose stdout carries the data it prints (synchronously: nothing is lost at exit). */
export function createLogger(config: { logLevel: string; nodeEnv: string }, toStderr = false): Logger {
  const options = {
    level: config.logLevel,
    base: undefined,
    redact: {
      paths: ['*.email', '*.name', '*.company', '*.authToken', '*.password', 'req.headers.cookie'],
      censor: '[redacted]',
    },
    ...(config.nodeEnv === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
      : {}),
  };
  return toStderr && config.nodeEnv !== 'development'
    ? pino(options, pino.destination({ dest: 2, sync: true }))
    : pino(options);
}
