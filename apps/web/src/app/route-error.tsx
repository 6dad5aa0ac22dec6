import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/**
 * What a route shows when it cannot: a missing page, or a page whose code failed to load (often
 * a deploy since the tab was opened). Never a stack trace.
 */
export function RouteError() {
  const error = useRouteError();
  if (error) console.error('Route error', error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Center py={64}>
      <Stack align="center" gap="xs" maw={480}>
        <Title order={1} size="h3">
          {notFound ? 'No such page' : 'This page could not be shown'}
        </Title>
        <Text size="sm" c="dimmed" ta="center">
          {notFound
            ? 'The address does not match any page of the console.'
            : 'Reloading usually helps: the console may have been updated since this tab was opened.'}
        </Text>
        <Stack gap="xs" align="center">
          {!notFound && <Button onClick={() => window.location.reload()}>Reload</Button>}
          <Button component={Link} to="/" variant="default">
            Go to the start page
          </Button>
        </Stack>
      </Stack>
    </Center>
  );
}

export function NotFoundPage() {
  return (
    <Stack gap="xs" py="xl" align="flex-start">
      <Title order={1} size="h3">
        No such page
      </Title>
      <Text size="sm" c="dimmed">
        The address does not match any page of the console. Pick a duty on the left.
      </Text>
    </Stack>
  );
}
