import { describe, expect, it } from 'vitest';
import { conversionInWords } from './conversion-target';

describe('conversionInWords', () => {
  it.each([
    ['NO_CONVERSION', /^None: deposits are credited as they arrive$/],
    ['USD', /^USD: the service’s USD stablecoin is credited as USD$/],
    ['EUR', /^EUR \(not known to the console\)$/],
    [undefined, /^Not given$/],
  ])('%s', (target, words) => {
    expect(conversionInWords(target)).toMatch(words);
  });
});
