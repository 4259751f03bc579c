import { useRef } from 'react';
import { useFrame } from '@react-three/fiber';
import type { Group } from 'three';
import { MODEL_ROTATION, MODEL_SCALE } from './emblemLook';
import { ROTATION_PER_FRAME } from './scene';

interface EmblemModelProps {
  /** The loaded emblem (loadEmblem). */
  model: Group;
  /** Turn by a fixed angle every frame; false leaves the emblem still (reduced motion). */
  spinning: boolean;
}

/** The studio's emblem in its pose, turning while motion is allowed. */
export function EmblemModel({ model, spinning }: EmblemModelProps) {
  const group = useRef<Group>(null);
  useFrame(() => {
    if (spinning && group.current) group.current.rotation.y += ROTATION_PER_FRAME;
  });
  return (
    <group ref={group} rotation={MODEL_ROTATION} scale={MODEL_SCALE}>
      <primitive object={model} />
    </group>
  );
}
