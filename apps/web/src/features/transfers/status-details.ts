import { isRecord } from '@console/schemas';

/** `status_details` in words: what the service says went wrong, by its error type. */
export function statusDetailsInWords(details: unknown): string[] {
  if (!isRecord(details)) return [];
  return Object.entries(details).map(([type, value]) => {
    const v = isRecord(value) ? value : {};
    const message = typeof v.message === 'string' ? v.message : '';
    if (type === 'max_rent_exceeded') {
      const to = typeof v.destination_address === 'string' ? ` to ${v.destination_address}` : '';
      return `Cancelled by the service for suspected abuse of the system (rent exceeded)${to}.${message ? ` ${message}` : ''}`;
    }
    return `${type.replace(/_/g, ' ')}${message ? `: ${message}` : ''}`;
  });
}
