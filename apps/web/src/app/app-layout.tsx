import { Anchor, AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/states/error-boundary';
import { ErrorState, LoadingState } from '@/components/states/states';
import { useSession } from '@/lib/session';
import { AppHeader } from './app-header';

// The navigation is derived from the operation registry, which the first load (sign-in) does not
// carry: it arrives as its own chunk once signed in, and the frame shows with it, never without.
const AppNavbar = lazy(async () => ({ default: (await import('./app-navbar')).AppNavbar }));
// Two watchers that show nothing until something happens: the notifier (which words a request by
// its operation's title, from the registry too) and the idle warning. They arrive after the frame
// and never hold it up.
const RequestNotifier = lazy(async () => ({
  default: (await import('@/features/work-queue/request-notifier')).RequestNotifier,
}));
const IdleWarning = lazy(async () => ({
  default: (await import('@/features/auth/idle-warning')).IdleWarning,
}));

/**
 * Every signed-in page: header, duties, content. Without a session (none yet, or expired and
 * reported by any 401) it goes to sign-in, remembering where the operator was.
 */
export function AppLayout() {
  const session = useSession();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);

  if (session.isPending) return <LoadingState label="Checking your session…" />;
  if (session.isError)
    return <ErrorState error={session.error} onRetry={() => void session.refetch()} />;
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }

  return (
    <Suspense fallback={<LoadingState />}>
      <AppShell
        header={{ height: 48 }}
        navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <Anchor href="#main" className="skip-link">
          Skip to content
        </Anchor>
        <AppShell.Header>
          <AppHeader session={session.data} navOpened={opened} onToggleNav={toggle} />
        </AppShell.Header>
        <AppShell.Navbar>
          <AppNavbar
            operations={session.data.operations}
            role={session.data.operator.role}
            onNavigate={close}
          />
        </AppShell.Navbar>
        <Suspense fallback={null}>
          <RequestNotifier />
          <IdleWarning session={session.data} />
        </Suspense>
        <AppShell.Main id="main" tabIndex={-1}>
          <ErrorBoundary key={location.pathname}>
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </AppShell.Main>
      </AppShell>
    </Suspense>
  );
}
