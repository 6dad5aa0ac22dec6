/**
 * The BFF's logger: pino, JSON lines. Secrets never reach it by construction (nothing logs a
 * request body, header or config object); the redaction below is the second line of defence
 * for the names secrets go by, should someone log such an object anyway.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

const SECRET_KEYS = [
  'password',
  'password_hash',
  'client_secret',
  'clientSecret',
  'secret',
  'token',
  'access_token',
  'accessToken',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'svc-signature',
  'Svc-Signature',
  'privateKey',
  'private_key',
  'privateKeyPem',
  'pem',
  'session',
  'sessionId',
  'session_id',
  'account_number',
  'routing_number',
];

/** Redacted wherever they appear up to three levels deep. */
export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const dot = k.startsWith('[') ? k : `.${k}`;
  return [k.startsWith('[') ? k : key, `*${dot}`, `*.*${dot}`, `*.*.*${dot}`];
});

/** Keeps what helps a diagnosis (name, code, message, stack), never an error's attached data. */
function serializeError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    stack: error.stack,
  };
}

/**
 * Creates the logger. Tests pass a destination to collect every line.
 *
 * @example
 * const logger = createLogger('info');
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'bff' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError, error: serializeError },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
