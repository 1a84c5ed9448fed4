/** Last line of defence: a screen that throws shows a way out instead of a blank console. */
import { Button, NonIdealState } from '@blueprintjs/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryState {
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The console failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="state-block" role="alert">
        <NonIdealState
          icon="error"
          title="Something went wrong"
          description="Please try refreshing the page"
          action={<Button icon="refresh" text="Reload" onClick={() => window.location.reload()} />}
        />
      </div>
    );
  }
}
