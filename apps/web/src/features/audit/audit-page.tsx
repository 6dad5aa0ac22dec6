import { Alert, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditChainReport, AuditVerification, Role } from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LocalTime } from '@/components/result/local-time';
import { ErrorState, LoadingState } from '@/components/states/states';
import { createAuditCheckpoint, verifyAuditTrail } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useWrite } from '@/lib/use-write';
import { AUDIT_KEY } from './audit-keys';
import { SignedExport } from './signed-export';

/** Who may open the page: admins and auditors (issue 41). */
export const mayAudit = (role: Role | undefined) => role === 'admin' || role === 'auditor';

const CHAIN_WORDS: Record<AuditChainReport['chain'], string> = {
  journal: 'Journal',
  approvals: 'Approvals',
  security: 'Security events',
  audit: 'Exports',
};

const BREAK_WORDS = {
  changed: 'changed',
  missing: 'missing',
  reordered: 'reordered',
} as const;

function ChainRow({ chain }: { chain: AuditChainReport }) {
  const checkpoint = chain.last_good_checkpoint;
  return (
    <Table.Tr>
      <Table.Th scope="row">{CHAIN_WORDS[chain.chain]}</Table.Th>
      <Table.Td>{chain.records}</Table.Td>
      <Table.Td>
        {chain.break ? (
          <Text size="sm" c="red.8" fw={600}>
            Record {chain.break.position} {BREAK_WORDS[chain.break.kind]}: {chain.break.detail}
          </Text>
        ) : (
          <Text size="sm">Verifies</Text>
        )}
      </Table.Td>
      <Table.Td>{chain.last_good.position}</Table.Td>
      <Table.Td>
        {checkpoint ? (
          <Text size="sm">
            at {checkpoint.position}, signed <LocalTime value={checkpoint.signed_at} />
          </Text>
        ) : (
          '—'
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Without an audit key no checkpoint is signed and none is checked; the page says how to set
 * one, since the operator who reads this is rarely the one who started the console (issue 60,
 * item 10). The demo start makes its own, so this is a deployment's step.
 */
function NoAuditKey() {
  return (
    <Alert color="yellow" variant="light" title="No audit key: signatures are not checked">
      <Text size="sm">
        Make an Ed25519 key with <Code>pnpm cli keys:generate --alg EdDSA --out audit-key.pem</Code>
        , set <Code>AUDIT_SIGNING_KEY_FILE</Code> to its path and restart the console: checkpoints
        are then signed every hour (<Code>AUDIT_CHECKPOINT_MINUTES</Code>) and their signatures
        checked here. The demo (<Code>pnpm start</Code> without <Code>SVC_BASE_URL</Code>) makes one
        in its data folder by itself.
      </Text>
    </Alert>
  );
}

function Verification({ data }: { data: AuditVerification }) {
  const { checkpoints } = data;
  return (
    <Stack gap="xs">
      <Alert
        color={data.ok ? 'green' : 'red'}
        title={data.ok ? 'The audit trail verifies' : 'The audit trail does not verify'}
        role={data.ok ? 'status' : 'alert'}
      >
        Every record was hashed again and checked against the one before it, the chain heads and{' '}
        {checkpoints.count} signed checkpoint{checkpoints.count === 1 ? '' : 's'}
        {checkpoints.signatures_checked ? '' : ' (signatures not checked: no audit key)'}, at{' '}
        <LocalTime value={data.verified_at} />.
        {checkpoints.forged.length > 0 &&
          ` ${checkpoints.forged.length} checkpoint(s) carry a signature that does not hold.`}{' '}
        {data.binding.ok
          ? `All ${data.binding.rows} rows are as the trail records them.`
          : `${data.binding.findings.length} row(s) disagree with the trail.`}
        {data.pending.count > 0 &&
          ` ${data.pending.count} record(s) written since are not sealed onto their chain yet (pending, the oldest ${data.pending.lag_seconds.toFixed(1)} s): compared with their rows, not yet chained.`}
      </Alert>
      {data.binding.findings.length > 0 && (
        <ul aria-label="Rows that disagree with the trail">
          {data.binding.findings.map((f) => (
            <li key={`${f.table} ${f.id} ${f.column ?? f.kind}`}>
              {f.table} {f.id}:{' '}
              {f.kind === 'changed'
                ? `${f.column} changed`
                : f.kind === 'deleted'
                  ? 'deleted'
                  : 'forged, no record names it'}
              {f.record &&
                ` (${f.record.pending ? 'a pending record' : `record ${f.record.position}`} of the ${f.record.chain} chain)`}
            </li>
          ))}
        </ul>
      )}
      {!checkpoints.signatures_checked && <NoAuditKey />}
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder aria-label="Hash chains">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Chain</Table.Th>
              <Table.Th scope="col">Records</Table.Th>
              <Table.Th scope="col">First break</Table.Th>
              <Table.Th scope="col">Last good record</Table.Th>
              <Table.Th scope="col">Last good checkpoint</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.chains.map((chain) => (
              <ChainRow key={chain.chain} chain={chain} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The audit trail, for admins and auditors: verification, checkpoints, signed exports. */
export function AuditPage() {
  const session = useSession();
  const allowed = mayAudit(session.data?.operator.role);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: AUDIT_KEY, queryFn: verifyAuditTrail, enabled: allowed });
  const checkpoint = useWrite({
    mutationFn: () => createAuditCheckpoint(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
  });
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Audit trail
      </Title>
      {!allowed ? (
        <Alert color="gray" title="For admins and auditors">
          The audit trail is open to admins and auditors only.
        </Alert>
      ) : (
        <>
          <Stack gap="xs" component="section" aria-labelledby="audit-verification-title">
            <Group justify="space-between">
              <Title order={2} size="h4" id="audit-verification-title">
                Verification
              </Title>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  loading={query.isFetching}
                  onClick={() => void query.refetch()}
                >
                  Verify again
                </Button>
                {query.data?.key && (
                  <Button
                    variant="default"
                    size="xs"
                    loading={checkpoint.isPending}
                    onClick={() => void checkpoint.run()}
                  >
                    Sign a checkpoint now
                  </Button>
                )}
              </Group>
            </Group>
            {checkpoint.isError && <ErrorState error={checkpoint.error} />}
            {checkpoint.data && (
              <Text size="sm" role="status">
                Checkpoint {checkpoint.data.id} signed{' '}
                <Badge variant="light">{checkpoint.data.key_id}</Badge>
              </Text>
            )}
            {query.isPending ? (
              <LoadingState label="Verifying the audit trail…" />
            ) : query.isError ? (
              <ErrorState error={query.error} onRetry={() => void query.refetch()} />
            ) : (
              <Verification data={query.data} />
            )}
          </Stack>
          {query.data &&
            (query.data.key ? (
              <SignedExport
                keyId={query.data.key.key_id}
                publicKey={query.data.key.public_key_pem}
              />
            ) : (
              <Alert color="gray" title="No audit key">
                Checkpoints and signed exports need an audit key (AUDIT_SIGNING_KEY_FILE).
              </Alert>
            ))}
        </>
      )}
    </Stack>
  );
}
