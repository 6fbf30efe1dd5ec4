import { pino, type Logger } from 'pino';
import type { Config } from './config';

/** JSON logs; pretty in development. Secrets are redacted wherever they might appear. */
export function createLogger(cfg: Pick<Config, 'env' | 'logLevel'>): Logger {
  return pino({
    level: cfg.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.refreshToken',
        '*.accessToken',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    ...(cfg.env === 'development' && process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}
export type { Logger };
