import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/button';

/** The error screen of spec §2: 'Something went wrong', the message, Try Again and Reload Page. */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
  return (
    <div role="alert" className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <AlertTriangle className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-ink-soft">{message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>Try Again</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </div>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** Changing this (e.g. the pathname) clears a previous error. */
  resetKey?: string;
}

interface State {
  error: unknown;
  resetKey?: string | undefined;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Render errors are reported to the console; the bug reporter picks them up from there.
    console.warn('Render error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <ErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
