import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CENSORED, censorSecrets, createLogger } from './logger';

function collect() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('the log', () => {
  it('never carries a value named like a secret, at any of the first four levels, in any case', () => {
    const { lines, logger } = collect();
    logger.info(
      {
        password: 'hunter2-hunter2',
        request: {
          headers: { Authorization: 'Bearer abc', cookie: 'console_session=xyz' },
          items: [{ access_token: 'tok-1' }, { note: 'kept' }],
        },
        config: { upstream: { credentials: { client_secret: 'cs-1' } } },
        operator: 'ada',
      },
      'request',
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of ['hunter2', 'Bearer abc', 'xyz', 'tok-1', 'cs-1']) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({
      password: CENSORED,
      request: {
        headers: { Authorization: CENSORED, cookie: CENSORED },
        items: [{ access_token: CENSORED }, { note: 'kept' }],
      },
      config: { upstream: { credentials: { client_secret: CENSORED } } },
      operator: 'ada',
    });
  });

  it("leaves the caller's object as it was, and returns it untouched when nothing is secret", () => {
    const fields = { headers: { authorization: 'Bearer abc' }, list: [{ token: 't' }] };
    const censored = censorSecrets(fields) as typeof fields;
    expect(fields.headers.authorization).toBe('Bearer abc');
    expect(fields.list[0]!.token).toBe('t');
    expect(censored.headers.authorization).toBe(CENSORED);
    const plain = { request_id: 'r', status: 200, nested: { a: [1, 2] } };
    expect(censorSecrets(plain)).toBe(plain);
  });

  it('logs an error by name, code and message, not by the data attached to it', () => {
    const { lines, logger } = collect();
    const error = Object.assign(new Error('boom'), { code: 'E_X', token: 'tok-secret' });
    logger.error({ err: error }, 'failed');
    expect(lines[0]!.err).toMatchObject({ type: 'Error', message: 'boom', code: 'E_X' });
    expect(JSON.stringify(lines[0])).not.toContain('tok-secret');
  });
});
