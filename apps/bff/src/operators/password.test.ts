import { describe, expect, it } from 'vitest';
import { TEST_SCRYPT } from '../../test/harness';
import { hashPassword, isPasswordHash, verifyPassword } from './password';

describe('password hashes', () => {
  it('carry their parameters and salt, and verify', async () => {
    const hash = await hashPassword('s3cret pässword', TEST_SCRYPT);
    expect(hash).toMatch(/^scrypt\$N=1024,r=8,p=1\$[\w-]+\$[\w-]+$/);
    expect(isPasswordHash(hash)).toBe(true);
    expect(await verifyPassword('s3cret pässword', hash)).toBe(true);
    expect(await verifyPassword('s3cret password', hash)).toBe(false);
    expect(await hashPassword('x', TEST_SCRYPT)).not.toBe(await hashPassword('x', TEST_SCRYPT));
  });

  it('treat a malformed hash as a mismatch', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$N=3,r=8,p=1$AA$AA')).toBe(false);
  });

  it('use a strong default cost', async () => {
    expect(await hashPassword('x')).toMatch(/^scrypt\$N=32768,r=8,p=1\$/);
  });
});
