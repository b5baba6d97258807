import { Component, type ReactNode } from 'react';

/** Shows `fallback` instead of a lazily loaded part whose code failed to arrive, keeping the rest of the page. */
export class LazyBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
