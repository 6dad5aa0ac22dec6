import { Alert, Anchor, Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '@/components/states/states';
import { findRecords, matchToOpen } from '@/lib/find-record';
import { useProfiles } from '@/lib/use-profiles';
import { FindForm } from './find-form';

/**
 * What a pasted id, reference id, transaction hash, address or nickname names (`/find?q=…`): one
 * record opens at once (an order from its id alone, its profile found), several are listed to
 * choose from, none is said plainly with where the console looked.
 */
export function FindPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const navigate = useNavigate();
  const profiles = useProfiles();
  const found = useQuery({
    queryKey: ['find', q],
    queryFn: () => findRecords(q, profiles.data ?? []),
    enabled: q !== '' && profiles.data !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
  const open = found.data ? matchToOpen(found.data.matches) : undefined;
  useEffect(() => {
    if (!open) return;
    void navigate(open.to, { replace: true });
    // The page's content, not the top of the frame, is where the operator's attention goes.
    requestAnimationFrame(() => document.getElementById('main')?.focus());
  }, [open, navigate]);
  const heading = useRef<HTMLHeadingElement>(null);
  const settled = found.data !== undefined && !open;
  useEffect(() => {
    if (settled) heading.current?.focus();
  }, [settled]);

  let body;
  if (!q) body = <Text size="sm">Paste what you have: the search finds the record it names.</Text>;
  else if (found.isError || profiles.isError) {
    body = (
      <ErrorState error={found.error ?? profiles.error} onRetry={() => void found.refetch()} />
    );
  } else if (!found.data || open) body = <LoadingState label={`Looking for “${q}”…`} />;
  else {
    const { matches, failed } = found.data;
    body = (
      <Stack gap="sm">
        {failed > 0 && (
          <Alert color="orange" variant="light" p="xs" title="Some places could not be searched">
            {failed} of the reads failed: there may be more than is listed. Search again.
          </Alert>
        )}
        {matches.length === 0 ? (
          <Text size="sm">
            Nothing the console can see is named “{q}”: no order, transfer, orchestration, rule,
            fiat account or deposit address by that id, reference id, transaction hash or address,
            no journal entry, and no profile whose nickname starts with it.
          </Text>
        ) : (
          <List spacing="xs" aria-label="Records found" listStyleType="none" p={0}>
            {matches.map((m) => (
              <List.Item key={m.to}>
                <Group gap="xs" wrap="wrap">
                  <Badge
                    variant="light"
                    color="gray"
                    radius="sm"
                    styles={{ label: { textTransform: 'none' } }}
                  >
                    {m.what}
                  </Badge>
                  <Anchor component={Link} to={m.to} size="sm">
                    {m.label}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    by its {m.by}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    );
  }

  const count = found.data?.matches.length ?? 0;
  return (
    <Stack gap="sm" maw={980}>
      <Title order={1} size="h2" ref={heading} tabIndex={-1}>
        {!settled ? 'Find a record' : count === 0 ? 'Nothing found' : `${count} records match`}
      </Title>
      <FindForm key={q} initial={q} />
      {body}
    </Stack>
  );
}
