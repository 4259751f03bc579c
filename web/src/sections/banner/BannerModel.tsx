import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterLoadAndIdle } from '../../lib/idle';

// three.js, the scene and the model are their own chunk, fetched only after the page is idle.
const BannerScene = lazy(() => import('./BannerScene'));

/** Keeps a failed 3D load (no WebGL, a missing model) in the console and out of the page. */
class SceneBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('3D model failed to load:', error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The decorative 3D emblem beside the hero text, mounted once the page has loaded and is idle. */
export function BannerModel() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoadAndIdle(() => setReady(true)), []);

  return (
    <div className="banner__model" aria-hidden="true">
      <div className="banner__model-halo" />
      {ready && (
        <SceneBoundary>
          <Suspense fallback={null}>
            <BannerScene />
          </Suspense>
        </SceneBoundary>
      )}
    </div>
  );
}
