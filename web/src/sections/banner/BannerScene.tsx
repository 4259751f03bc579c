import { useEffect, useRef, useState, type RefObject } from 'react';
import { Canvas, useThree } from '@react-three/fiber';
import type { Group } from 'three';
import { AMBIENT_INTENSITY, GLOW_LIGHT, KEY_LIGHT, RIM_LIGHT } from './emblemLook';
import { CAMERA_FAR, CAMERA_FOV, CAMERA_NEAR, cameraDistance, maxDpr } from './scene';
import { prefersReducedMotion } from '../../lib/motion';
import { EmblemModel } from './EmblemModel';
import { RotateOnlyControls } from './RotateOnlyControls';
import { useWindowWidth } from './useWindowWidth';

interface BannerSceneProps {
  /** The loaded emblem (loadEmblem). */
  model: Group;
}

/** The 3D canvas of the banner: lights, camera and the emblem; paused while off-screen. */
export default function BannerScene({ model }: BannerSceneProps) {
  const host = useRef<HTMLDivElement>(null);
  const width = useWindowWidth();
  const onScreen = useOnScreen(host);
  const [still] = useState(prefersReducedMotion);
  const distance = cameraDistance(width);

  return (
    <div ref={host} className="banner__canvas">
      <Canvas
        frameloop={onScreen ? (still ? 'demand' : 'always') : 'never'}
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
      </Canvas>
    </div>
  );
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
