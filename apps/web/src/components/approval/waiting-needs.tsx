import { Text } from '@mantine/core';
import type { ApprovalProspect, Role } from '@console/schemas';
import { LocalTime } from '../result/local-time';
import { stillNeededWords } from './prospect-words';

/**
 * What a waiting request still needs and when it expires, as every queue shows it; one the
 * operators there are cannot approve says why instead (the BFF's words), so it never expires
 * unseen.
 */
export function WaitingNeeds({
  prospect,
  roles,
  expiresAt,
}: {
  prospect: ApprovalProspect | null;
  roles: readonly Role[];
  /** Left out where the expiry is shown beside it already. */
  expiresAt?: string | undefined;
}) {
  if (!prospect) return null;
  return (
    <>
      {prospect.stalled ? (
        <Text size="xs" c="red" fw={500}>
          Cannot be approved as things stand: {prospect.stalled}
        </Text>
      ) : (
        <Text size="xs">Needs {stillNeededWords(prospect, roles)}</Text>
      )}
      {expiresAt && (
        <Text size="xs" c="dimmed" span>
          Expires <LocalTime value={expiresAt} size="xs" />
        </Text>
      )}
    </>
  );
}
