import { useEffect, useRef, useState, type RefObject } from 'react';
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import type { Group } from 'three';
import { AMBIENT_INTENSITY, GLOW_LIGHT, KEY_LIGHT, RIM_LIGHT } from './emblemLook';
import { CAMERA_FAR, CAMERA_FOV, CAMERA_NEAR, cameraDistance, frameloop, maxDpr } from './scene';
import { prefersReducedMotion } from '../../lib/motion';
import { EmblemModel } from './EmblemModel';
import { RotateOnlyControls } from './RotateOnlyControls';
import { useWindowWidth } from './useWindowWidth';

interface BannerSceneProps {
  /** The loaded emblem (loadEmblem). */
  model: Group;
  /**
   * WebGL is drawn by a software rasteriser (webglRenderer). The turning scene would cost it one
   * and a half to two cores and stall the page's main thread on every frame, so it draws only
   * when something changes (a drag, a resize), as under reduced motion.
   */
  software?: boolean;
  /** Called once the scene's first frame is on the canvas. */
  onDrawn?: () => void;
}

/**
 * The 3D canvas of the banner: lights, camera and the emblem; paused while off-screen, and still
 * (drawn on demand) under reduced motion or a software rasteriser.
 */
export default function BannerScene({ model, software = false, onDrawn }: BannerSceneProps) {
  const host = useRef<HTMLDivElement>(null);
  const width = useWindowWidth();
  const onScreen = useOnScreen(host);
  const [still] = useState(() => software || prefersReducedMotion());
  const distance = cameraDistance(width);

  return (
    <div ref={host} className="banner__canvas">
      <Canvas
        frameloop={frameloop(onScreen, !still)}
        dpr={[1, maxDpr(width)]}
        camera={{ position: [0, 0, distance], fov: CAMERA_FOV, near: CAMERA_NEAR, far: CAMERA_FAR }}
        gl={{ antialias: true, alpha: true, powerPreference: 'low-power' }}
      >
        <CameraDistance distance={distance} />
        <ambientLight intensity={AMBIENT_INTENSITY} />
        <directionalLight {...KEY_LIGHT} />
        <directionalLight {...RIM_LIGHT} />
        <pointLight {...GLOW_LIGHT} />
        <EmblemModel model={model} spinning={!still} />
        <RotateOnlyControls />
        {onDrawn && <FirstFrame onDrawn={onDrawn} />}
      </Canvas>
    </div>
  );
}

/** Calls `onDrawn` once, the frame after the scene's first: that one is then on screen. */
function FirstFrame({ onDrawn }: { onDrawn: () => void }) {
  const called = useRef(false);
  useFrame(() => {
    if (called.current) return;
    called.current = true;
    requestAnimationFrame(() => onDrawn());
  });
  return null;
}

/** Moves the camera along its axis when the window width changes. */
function CameraDistance({ distance }: { distance: number }) {
  const camera = useThree((s) => s.camera);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    camera.position.setLength(distance);
    camera.updateProjectionMatrix();
    invalidate();
  }, [camera, distance, invalidate]);
  return null;
}

function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || !('IntersectionObserver' in window)) return;
    const observer = new IntersectionObserver(([entry]) => setVisible(!!entry?.isIntersecting));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return visible;
}
