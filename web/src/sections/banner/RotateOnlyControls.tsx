import { useEffect } from 'react';
import { useThree } from '@react-three/fiber';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { ORBIT_MIN_WIDTH } from './scene';
import { useWindowWidth } from './useWindowWidth';

/** Drag to turn the emblem at 720 px and wider; never zoom or pan, so page scrolling stays free. */
export function RotateOnlyControls() {
  const camera = useThree((s) => s.camera);
  const canvas = useThree((s) => s.gl.domElement);
  const invalidate = useThree((s) => s.invalidate);
  const enabled = useWindowWidth() >= ORBIT_MIN_WIDTH;

  useEffect(() => {
    if (!enabled) return;
    const controls = new OrbitControls(camera, canvas);
    controls.enableZoom = false;
    controls.enablePan = false;
    controls.enableRotate = true;
    controls.enableDamping = false;
    const onChange = () => invalidate();
    controls.addEventListener('change', onChange);
    return () => {
      controls.removeEventListener('change', onChange);
      controls.dispose();
    };
  }, [camera, canvas, enabled, invalidate]);

  return null;
}
