import LoadError from '@/components/LoadError';
import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'umi';

/** A page's script that did not arrive (webpack's ChunkLoadError, or its CSS counterpart). */
const isChunkFailure = (error: unknown) => error instanceof Error && (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/.test(error.message));

interface Props {
  pathname: string;
  children: ReactNode;
}

interface State {
  error?: unknown;
  /** the address the error happened at: another address starts without it */
  pathname: string;
}

class Boundary extends Component<Props, State> {
  state: State = { pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('render failed') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // leaving the page clears its error, without remounting the layout's other pages
    return props.pathname === state.pathname ? null : { error: undefined, pathname: props.pathname };
  }

  retry = () => {
    // React keeps a script that failed to load as failed: only loading the address again fetches it anew
    if (isChunkFailure(this.state.error)) window.location.reload();
    else this.setState({ error: undefined });
  };

  render() {
    if (this.state.error === undefined) return this.props.children;
    return <LoadError what="页面" onRetry={this.retry} />;
  }
}

/**
 * A layout's <Outlet/>: a page whose script does not arrive, or that throws while rendering, shows
 * 页面加载失败 with 重新加载 in its place, and the layout (header, menus) stays usable. Without the
 * boundary React unmounts the whole app and leaves a blank screen.
 */
export default function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <Boundary pathname={pathname}>
      <Outlet />
    </Boundary>
  );
}
