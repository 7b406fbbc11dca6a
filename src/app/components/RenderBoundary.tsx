import { Component, type ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel.tsx';

interface RenderBoundaryProps {
  /** What failed to draw, for the panel's title ("The result could not be drawn"). */
  title: string;
  /** A new key (e.g. the result or problem) clears a caught error, so the next render gets its chance. */
  resetKey: unknown;
  children: ReactNode;
}

interface RenderBoundaryState {
  error: unknown;
  key: unknown;
}

/**
 * Catches a throw while rendering one part of a page (a plot or preview fed an input nobody
 * anticipated) and shows it as an ErrorPanel in place of that part, so the rest of the page — the
 * problem, the form, the Solve button — stays usable instead of the whole page going blank.
 */
export class RenderBoundary extends Component<RenderBoundaryProps, RenderBoundaryState> {
  override state: RenderBoundaryState = { error: null, key: undefined };

  static getDerivedStateFromError(error: unknown): Partial<RenderBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: RenderBoundaryProps, state: RenderBoundaryState): Partial<RenderBoundaryState> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render(): ReactNode {
    if (this.state.error !== null) return <ErrorPanel title={this.props.title} error={this.state.error} />;
    return this.props.children;
  }
}
