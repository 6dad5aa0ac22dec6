import { describe, expect, it } from 'vitest';
import { ADDRESS, pastedValue } from './picker';

const ids = ['5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01', 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e701'];
const addresses = ['0x8ba1f109551bD432803012645Ac136ddd64DBA72'];

describe('the paste rule of pickers', () => {
  it('takes a pasted id the list has, as the list spells it', () => {
    expect(pastedValue(' 5B0A6A2E-0D4C-4F0E-9A51-6A1C2B3D4E01 ', ids)).toEqual({
      kind: 'known',
      value: ids[0],
    });
  });

  it('refuses a well-formed id the list lacks', () => {
    expect(pastedValue('00000000-0000-4000-8000-000000000000', ids)).toEqual({
      kind: 'unknown',
      value: '00000000-0000-4000-8000-000000000000',
    });
  });

  it('treats anything short of a whole id as a search', () => {
    expect(pastedValue('Acme', ids)).toBeUndefined();
    expect(pastedValue('5b0a6a2e-0d4c', ids)).toBeUndefined();
    expect(pastedValue('', ids)).toBeUndefined();
  });

  it('matches addresses exactly: another case is another address', () => {
    expect(pastedValue(addresses[0]!, addresses, ADDRESS)).toEqual({
      kind: 'known',
      value: addresses[0],
    });
    expect(pastedValue(addresses[0]!.toLowerCase(), addresses, ADDRESS)).toEqual({
      kind: 'unknown',
      value: addresses[0]!.toLowerCase(),
    });
    expect(pastedValue('main', addresses, ADDRESS)).toBeUndefined();
  });
});
