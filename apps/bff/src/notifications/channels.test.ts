import { describe, expect, it } from 'vitest';
import { failureText, secretsOf } from './channels';

const settings = {
  smtp: { url: 'smtp://mailer:p%40ss-w0rd-of-run@mail.example:587', from: 'c@example.com' },
  webhook: {
    url: 'https://hooks.example/services/T1/B2/hook-path-of-run?token=query-of-run',
    secret: 'signing-secret-of-the-run',
  },
};

describe('what a failed attempt says', () => {
  it('names none of the SMTP password, the webhook address, its path or query, or its secret', () => {
    const secrets = secretsOf(settings);
    const error = new Error(
      `could not reach ${settings.webhook.url} with p@ss-w0rd-of-run and p%40ss-w0rd-of-run, signed with signing-secret-of-the-run`,
      { cause: new Error('connect ECONNREFUSED /services/T1/B2/hook-path-of-run') },
    );
    const text = failureText(error, secrets);
    for (const secret of [
      'p@ss-w0rd-of-run',
      'p%40ss-w0rd-of-run',
      'hook-path-of-run',
      'query-of-run',
      'signing-secret-of-the-run',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('ECONNREFUSED');
  });

  it('drops an SMTP AUTH line, which can carry the credentials in base64, and stays short', () => {
    const text = failureText(
      new Error(`AUTH PLAIN AG1haWxlcgBwQHNz failed ${'x'.repeat(400)}`),
      [],
    );
    expect(text).not.toContain('AG1haWxlcgBwQHNz');
    expect(text.length).toBeLessThanOrEqual(300);
  });
});
