import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterLoadAndIdle } from '../../lib/idle';
import { SCENE_FALLBACK_MS } from '../../lib/scene';
import type { LoadedScene } from './loadScene';

/** Keeps a failed 3D render in the console and out of the page. */
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

/** The decorative 3D emblem beside the hero text, mounted late so it never slows the page down. */
export function BannerModel() {
  const [scene, setScene] = useState<LoadedScene>();
  useEffect(() => {
    let active = true;
    // three.js, the scene and the model are their own chunk, fetched only once the page has
    // loaded and the visitor interacts (or SCENE_FALLBACK_MS pass), when the main thread is idle.
    const cancel = afterLoadAndIdle(() => {
      import('./loadScene')
        .then((chunk) => chunk.loadScene())
        .then(
          (loaded) => active && setScene(loaded),
          (error: unknown) => active && console.error('3D model failed to load:', error),
        );
    }, SCENE_FALLBACK_MS);
    return () => {
      active = false;
      cancel();
    };
  }, []);

  return (
    <div className="banner__model" aria-hidden="true">
      <div className="banner__model-halo" />
      {scene && (
        <SceneBoundary>
          <Suspense fallback={null}>
            <scene.Scene model={scene.model} />
          </Suspense>
        </SceneBoundary>
      )}
    </div>
  );
}
