/**
 * A deposit address's conversion target in words: it acts only on deposits of the service's USD
 * stablecoin (svc-api.md appendix), which are then credited as USD; other deposits arrive as sent.
 */
export function conversionInWords(target: string | undefined): string {
  switch (target) {
    case 'NO_CONVERSION':
      return 'None: deposits are credited as they arrive';
    case 'USD':
      return 'USD: the service’s USD stablecoin is credited as USD';
    case undefined:
    case '':
      return 'Not given';
    default:
      return `${target} (not known to the console)`;
  }
}
