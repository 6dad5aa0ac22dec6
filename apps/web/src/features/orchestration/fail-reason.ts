import { isRecord } from '@console/schemas';

/** `fail_reason` in words: the service's detail, or its members as they came. */
export function failReasonInWords(reason: unknown): string | undefined {
  if (!isRecord(reason)) return undefined;
  if (typeof reason.detail === 'string' && reason.detail) return reason.detail;
  const parts = Object.entries(reason).map(([k, v]) => `${k.replace(/_/g, ' ')}: ${String(v)}`);
  return parts.length ? parts.join('; ') : undefined;
}

/** A leg of an orchestration in words: PENDING means planned, its transfer not yet made. */
export function legInWords(status: string | undefined, transferId: string | undefined): string {
  switch (status) {
    case 'PENDING':
      return 'Planned: the transfer is not made yet';
    case 'PROCESSING':
      return 'Running';
    case 'COMPLETED':
      return 'Completed';
    case 'FAILED':
      return 'Failed';
    default:
      return transferId ? `Status ${status ?? 'not given'}` : 'Not known yet';
  }
}
