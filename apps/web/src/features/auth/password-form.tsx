import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { SignInSchema, type SignIn } from '@console/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { signIn } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { SESSION_KEY } from '@/lib/session';
import { useWrite } from '@/lib/use-write';

/**
 * Username and password of a local operator: the way in without single sign-on, and the
 * break-glass way when single sign-on is the way in (then it says so, and takes no autofocus).
 */
export function PasswordForm({ next, breakGlass }: { next: string; breakGlass: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const signingIn = useWrite({ mutationFn: signIn });
  const form = useForm<SignIn>({
    resolver: zodResolver(SignInSchema),
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const answer = await signingIn.run(values);
      if (!answer) return;
      queryClient.setQueryData(SESSION_KEY, answer.data);
      void navigate(next, { replace: true });
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
    <form onSubmit={submit} noValidate aria-label={breakGlass ? 'Break-glass sign-in' : 'Sign in'}>
      <Stack gap="sm">
        {breakGlass && (
          <Text size="sm" c="dimmed">
            For local emergency accounts, when single sign-on is unavailable.
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
          autoFocus={!breakGlass}
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
        <Button
          type="submit"
          variant={breakGlass ? 'default' : 'filled'}
          loading={isSubmitting}
          disabled={isSubmitting}
        >
          {breakGlass ? 'Sign in with a local account' : 'Sign in'}
        </Button>
      </Stack>
    </form>
  );
}
