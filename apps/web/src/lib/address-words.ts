/** An address by its ends, as operators compare them: `0x5290…9EE7`. Short ones whole. */
export function addressEnds(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
