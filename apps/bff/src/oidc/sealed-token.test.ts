import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed-token';

describe('the sealed ID token', () => {
  const cookie = 'k'.repeat(43);
  it('opens with the cookie it was sealed under, and no other', () => {
    const sealed = seal(cookie, 'eyJ.header.payload');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(sealed).not.toContain('eyJ');
    expect(unseal(cookie, sealed)).toBe('eyJ.header.payload');
    expect(unseal('j'.repeat(43), sealed)).toBeUndefined();
    expect(seal(cookie, 'same')).not.toBe(seal(cookie, 'same'));
  });
  it('refuses what was changed or is not a sealed value', () => {
    const sealed = seal(cookie, 'eyJ.header.payload');
    // One character of the sealed part changed to another (never the last one, whose low bits
    // may be padding, and never to itself): every bit of it counts.
    const at = sealed.length - 5;
    const flipped = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(flipped).not.toBe(sealed);
    expect(unseal(cookie, flipped)).toBeUndefined();
    expect(unseal(cookie, 'v2.a.b')).toBeUndefined();
    expect(unseal(cookie, 'nonsense')).toBeUndefined();
  });
});
