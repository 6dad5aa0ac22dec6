/** The audit page's query key: the trail's verification, read again after a checkpoint or an export. */
export const AUDIT_KEY = ['audit-verification'] as const;
