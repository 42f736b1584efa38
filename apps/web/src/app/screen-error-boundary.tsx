import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { LoadFailure } from '../shared/components/load-failure.tsx';

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

// React catches render and lazy-load failures only in a class boundary.
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('screen failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <LoadFailure
          titleKey="boot.loadFailedTitle"
          messageKey="notice.chunkFailed"
          onRetry={this.props.onRetry}
          testId="screen-failure"
        />
      );
    }
    return this.props.children;
  }
}
