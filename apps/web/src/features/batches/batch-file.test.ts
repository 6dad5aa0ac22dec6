import { describe, expect, it } from 'vitest';
import { decodeBatchBytes, decodeBatchFile } from './batch-file';

const bytes = (...b: number[]) => new Uint8Array(b);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('reading a batch file', () => {
  it.each([
    ['plain UTF-8', utf8('from,to\nA,B\n'), 'from,to\nA,B\n'],
    ['UTF-8 with its byte order mark, which is dropped', bytes(0xef, 0xbb, 0xbf, 0x61, 0x3b), 'a;'],
    ['accents and a euro sign', utf8('name\nZoë €\n'), 'name\nZoë €\n'],
  ])('decodes %s to the text as it was', (_, input, text) => {
    expect(decodeBatchBytes(input)).toEqual({ text });
  });

  it.each([
    ['Latin-1 (é as one byte)', bytes(0x6e, 0x61, 0xef, 0x76, 0x65)],
    ['a cut multi-byte character', bytes(0x61, 0xe2, 0x82)],
    ['UTF-16 with its mark', bytes(0xff, 0xfe, 0x61, 0x00)],
  ])('refuses %s with a file error, never a guessed text', (_, input) => {
    const decoded = decodeBatchBytes(input);
    expect(decoded).toEqual({ error: expect.stringMatching(/not UTF-8/) });
  });

  it('reads a chosen file through the browser, and says an empty one is empty', async () => {
    expect(await decodeBatchFile(new File([utf8('a,b\n1,2')], 'x.csv'))).toEqual({
      text: 'a,b\n1,2',
    });
    expect(await decodeBatchFile(new File([], 'x.csv'))).toEqual({ error: 'The file is empty.' });
    expect(await decodeBatchFile(new File([bytes(0xc3, 0x28)], 'x.csv'))).toHaveProperty('error');
  });
});
