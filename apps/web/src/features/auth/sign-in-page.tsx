import { Alert, Button, Center, Paper, Stack, TextInput, Title, Text } from '@mantine/core';
import { SignInSchema, type SignIn } from '@console/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { signIn } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { SESSION_KEY, safeNext, useSession } from '@/lib/session';

/** Sign-in; afterwards back to the page the operator was sent away from. */
export function SignInPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<SignIn>({
    resolver: zodResolver(SignInSchema),
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (session.data) return <Navigate to={next} replace />;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const info = await signIn(values);
      queryClient.setQueryData(SESSION_KEY, info);
      navigate(next, { replace: true });
    } catch (error) {
      // The same words for an unknown user and a wrong password: nothing to learn from them.
      if (isApiError(error) && (error.status === 401 || error.status === 400)) {
        setProblem('Wrong username or password.');
      } else if (isApiError(error) && error.status === 429) {
        setProblem(`${error.problem.detail || 'Too many attempts.'} Wait, then try again.`);
      } else {
        setProblem(
          isApiError(error)
            ? error.problem.detail || error.problem.title
            : 'Sign-in failed. Try again.',
        );
      }
      form.setFocus('password');
    }
  });

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="lg" w={360} component="main">
        <form onSubmit={submit} noValidate aria-label="Sign in">
          <Stack gap="sm">
            <div>
              <Title order={1} size="h3">
                Sign in
              </Title>
              <Text size="sm" c="dimmed">
                svc operator console
              </Text>
            </div>
            {params.get('next') && !problem && (
              <Text size="sm" c="dimmed" role="status">
                Sign in to continue where you were.
              </Text>
            )}
            {problem && (
              <Alert color="red" variant="light" role="alert" p="xs">
                {problem}
              </Alert>
            )}
            <TextInput
              label="Username"
              autoComplete="username"
              autoFocus
              error={errors.username?.message}
              {...form.register('username')}
            />
            {/* A plain password input: a visibility toggle would also answer to "Password". */}
            <TextInput
              type="password"
              label="Password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
