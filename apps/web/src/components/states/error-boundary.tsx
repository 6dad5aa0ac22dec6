import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from './states';

interface State {
  error: unknown;
}

/**
 * Catches a render error in a part of a page so the rest stays usable; the operator sees a
 * sentence and a retry, never a stack trace (that goes to the console for developers).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <ErrorState error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
