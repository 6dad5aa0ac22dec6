import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isApiError } from '@/lib/api-error';

/** Something is on its way: say what, so a slow answer never looks like a blank page. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
    </Center>
  );
}

/** Nothing to show, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack gap={4} align="center">
        <Text fw={600}>{title}</Text>
        {children && (
          <Text size="sm" c="dimmed" ta="center">
            {children}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

/**
 * Whether the same request may succeed a moment later: the server's trouble, a timeout, a pace.
 * A refusal of what was asked (a 4xx such as "nobody can approve this") never is, so it is not
 * told to try again.
 */
export function retryHelps(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** A load that failed: the problem in words, its request id, and a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  // Plain words from the problem itself: this is in the first bundle, which carries no schemas.
  const text = isApiError(error)
    ? {
        title: error.isNetwork ? 'No answer from the console server' : error.problem.title,
        sentence: error.isNetwork
          ? 'Check your connection, then try again.'
          : `${error.problem.detail || 'The request failed.'} ${
              retryHelps(error.status)
                ? 'Try again; if it keeps failing, give the request id to the team.'
                : 'If it is not clear what to change, give the request id to the team.'
            }`,
      }
    : { title: 'Something went wrong', sentence: 'The page could not be shown. Try again.' };
  const requestId = isApiError(error) ? error.problem.request_id : undefined;
  return (
    <Alert color="red" variant="light" title={text.title} role="alert" my="md">
      <Stack gap="xs">
        <Text size="sm">{text.sentence}</Text>
        {requestId && (
          <Text size="xs" c="dimmed">
            Request id {requestId}
          </Text>
        )}
        {onRetry && (!isApiError(error) || retryHelps(error.status)) && (
          // Trying a read again is the way forward, never a danger: not red.
          <Button size="xs" variant="default" onClick={onRetry} style={{ alignSelf: 'flex-start' }}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
