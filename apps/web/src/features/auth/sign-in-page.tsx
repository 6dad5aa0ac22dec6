import { Alert, Button, Center, Divider, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { SsoOutcomeSchema, type SignInOptions } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { getSignInOptions } from '@/lib/api';
import { safeNext, useSession } from '@/lib/session';
import { PasswordForm } from './password-form';
import { ssoMessage } from './sso-message';

/** Used when the options cannot be read: the password form, as before single sign-on existed. */
const FALLBACK: SignInOptions = { sso: null, password: 'primary' };

/**
 * Sign-in: "Sign in with <provider>" first when single sign-on is configured, the password form
 * below it only for break-glass operators (or alone without single sign-on); afterwards back to
 * the page the operator was sent away from.
 */
export function SignInPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const session = useSession();
  const options = useQuery({
    queryKey: ['sign-in-options'],
    queryFn: getSignInOptions,
    staleTime: Infinity,
    retry: false,
  });

  const ways = options.isError ? FALLBACK : options.data;
  const ssoLink = useRef<HTMLAnchorElement>(null);
  // The provider's button is the way in: focus starts there (React focuses no link by autoFocus).
  const hasSso = Boolean(ways?.sso);
  useEffect(() => {
    if (hasSso) ssoLink.current?.focus();
  }, [hasSso]);

  if (session.data) return <Navigate to={next} replace />;

  const outcome = SsoOutcomeSchema.safeParse(params.get('sso'));
  const message = outcome.success ? ssoMessage(outcome.data, ways?.sso?.provider_name) : null;
  const sso = ways?.sso;

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="lg" w={360} component="main">
        <Stack gap="sm">
          <div>
            <Title order={1} size="h3">
              Sign in
            </Title>
            <Text size="sm" c="dimmed">
              svc operator console
            </Text>
          </div>
          {message && (
            <Alert
              color={message.tone === 'info' ? 'blue' : 'red'}
              variant="light"
              role={message.tone === 'info' ? 'status' : 'alert'}
              p="xs"
            >
              {message.text}
            </Alert>
          )}
          {params.get('next') && !message && (
            <Text size="sm" c="dimmed" role="status">
              Sign in to continue where you were.
            </Text>
          )}
          {!ways && <Loader size="sm" aria-label="Loading the ways to sign in" />}
          {sso && (
            <Button
              component="a"
              href={`${sso.start_path}?next=${encodeURIComponent(next)}`}
              ref={ssoLink}
              size="md"
            >
              Sign in with {sso.provider_name}
            </Button>
          )}
          {sso && ways?.password === 'break-glass' && (
            <Divider label="Break-glass sign-in" labelPosition="center" mt="xs" />
          )}
          {ways?.password && (
            <PasswordForm next={next} breakGlass={ways.password === 'break-glass'} />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
