import pino, { type Logger } from 'pino';

/** One JSON log line per event; request lines carry `reqId`. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', '*.password', '*.token', '*.api_token'], censor: '***' },
  });
}
