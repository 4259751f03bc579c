import {
  Component,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
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

/**
 * waiting: nothing yet; still: the still image for good (no WebGL, or the scene failed);
 * resting: the still image in place of a scene a software rasteriser would draw, until the
 * visitor's pointer comes over it; then the scene itself.
 */
type Stage = 'waiting' | 'still' | 'resting' | (LoadedScene & { software: boolean });

/**
 * The decorative 3D emblem beside the hero text, mounted late so it never slows the page down.
 * Where the scene cannot run, a still image of it takes the canvas's place, with one notice in
 * the console. Where only a software rasteriser would draw it (no usable GPU), the scene would
 * not turn by itself, and fetching and drawing it cost such a machine about a second and a half
 * of a core (Chromium's SwiftShader, 1280 px): the still image, the same picture, stands in
 * quietly until the pointer comes over it, and the scene, which turns when dragged, takes over.
 */
export function BannerModel() {
  const [stage, setStage] = useState<Stage>('waiting');
  const active = useRef(true);
  const showStill = useCallback((...notice: unknown[]) => {
    console.warn(...notice);
    setStage('still');
  }, []);
  const showScene = useCallback(
    (software: boolean) => {
      import('./loadScene')
        .then((chunk) => chunk.loadScene())
        .then(
          (scene) => active.current && setStage({ ...scene, software }),
          (error: unknown) => active.current && showStill(FAILED_NOTICE, error),
        );
    },
    [showStill],
  );

  useEffect(() => {
    active.current = true;
    // three.js, the scene and the model are their own chunk, fetched only once the page has
    // loaded and the visitor interacts (or SCENE_FALLBACK_MS pass), when the main thread is idle.
    const cancel = afterLoadAndIdle(() => {
      // Without WebGL the canvas is never mounted: three.js would log errors creating it.
      const renderer = webglRenderer();
      if (renderer === 'none') return showStill(NO_WEBGL_NOTICE);
      if (renderer === 'software') return setStage('resting');
      showScene(false);
    }, SCENE_FALLBACK_MS);
    return () => {
      active.current = false;
      cancel();
    };
  }, [showStill, showScene]);

  // Once. The still image stays until the scene has drawn its first frame over it (the canvas
  // is transparent until then), so nothing flickers or moves.
  const waking = useRef(false);
  const [stillUnder, setStillUnder] = useState(false);
  const wake = () => {
    if (waking.current) return;
    waking.current = true;
    setStillUnder(true);
    showScene(true);
  };
  const showsStill = stage === 'still' || stage === 'resting' || stillUnder;
  // Entering is not enough: the visitor's first move, often over the emblem itself, is what
  // starts the idle wait, so the pointer may already be inside when the still takes its place;
  // its next move or press inside wakes the scene then.
  const wakeOn = stage === 'resting' ? wake : undefined;

  return (
    <div
      className="banner__model"
      aria-hidden="true"
      onPointerEnter={wakeOn}
      onPointerMove={wakeOn}
      onPointerDown={wakeOn}
    >
      <div className="banner__model-halo" />
      {showsStill && <EmblemStill />}
      {typeof stage === 'object' && (
        <SceneBoundary onError={(error) => showStill(FAILED_NOTICE, error)}>
          <Suspense fallback={null}>
            <stage.Scene
              model={stage.model}
              software={stage.software}
              onDrawn={() => setStillUnder(false)}
            />
          </Suspense>
        </SceneBoundary>
      )}
    </div>
  );
}
