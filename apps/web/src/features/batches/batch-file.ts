/**
 * A batch file as the browser reads it: its bytes, decoded as UTF-8 and nothing else. A byte
 * order mark is dropped by the decoder; separators, quotes and amounts are the BFF's to parse, so
 * the text it checks is the file as it was. Bytes that are not UTF-8 are refused here, before
 * anything is posted: a guessed encoding could turn a name or an amount into another one.
 */

export type DecodedFile = { text: string } | { error: string };

/** The file's bytes (FileReader: every browser, and the test DOM, which has no Blob.arrayBuffer). */
export function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** The text of the bytes, or why there is none. */
export function decodeBatchBytes(bytes: ArrayBuffer | Uint8Array): DecodedFile {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return {
      error:
        'The file is not UTF-8 text. Save it as “CSV UTF-8” (in a spreadsheet: Save as, CSV UTF-8) and choose it again.',
    };
  }
}

/** Reads and decodes a chosen file; a file that cannot be read is an error too, never a throw. */
export async function decodeBatchFile(file: Blob): Promise<DecodedFile> {
  let bytes: ArrayBuffer;
  try {
    bytes = await readBytes(file);
  } catch {
    return { error: 'The file could not be read. Choose it again.' };
  }
  if (bytes.byteLength === 0) return { error: 'The file is empty.' };
  return decodeBatchBytes(bytes);
}
