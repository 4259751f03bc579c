import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterLoadAndIdle } from '../../lib/idle';
import { SCENE_FALLBACK_MS } from './scene';
import { webglRenderer } from './webgl';
import { EmblemStill } from './EmblemStill';
import type { LoadedScene } from './loadScene';
import { FAILED_NOTICE, NO_WEBGL_NOTICE } from './notices';

interface SceneBoundaryProps {
  onError: (error: unknown) => void;
  children: ReactNode;
}

/** Turns an error while drawing the scene into the still image. */
class SceneBoundary extends Component<SceneBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

type Stage = 'waiting' | 'still' | (LoadedScene & { software: boolean });

/**
 * The decorative 3D emblem beside the hero text, mounted late so it never slows the page down.
 * Where the scene cannot run, a still image of it takes the canvas's place, with one notice in
 * the console; where only a software rasteriser draws it, it turns when dragged but not by itself.
 */
export function BannerModel() {
  const [stage, setStage] = useState<Stage>('waiting');
  const showStill = (...notice: unknown[]) => {
    console.warn(...notice);
    setStage('still');
  };

  useEffect(() => {
    let active = true;
    // three.js, the scene and the model are their own chunk, fetched only once the page has
    // loaded and the visitor interacts (or SCENE_FALLBACK_MS pass), when the main thread is idle.
    const cancel = afterLoadAndIdle(() => {
      // Without WebGL the canvas is never mounted: three.js would log errors creating it.
      const renderer = webglRenderer();
      if (renderer === 'none') return showStill(NO_WEBGL_NOTICE);
      import('./loadScene')
        .then((chunk) => chunk.loadScene())
        .then(
          (scene) => active && setStage({ ...scene, software: renderer === 'software' }),
          (error: unknown) => active && showStill(FAILED_NOTICE, error),
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
      {stage === 'still' && <EmblemStill />}
      {typeof stage === 'object' && (
        <SceneBoundary onError={(error) => showStill(FAILED_NOTICE, error)}>
          <Suspense fallback={null}>
            <stage.Scene model={stage.model} software={stage.software} />
          </Suspense>
        </SceneBoundary>
      )}
    </div>
  );
}
