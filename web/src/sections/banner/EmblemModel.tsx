import { useRef } from 'react';
import { useFrame, useLoader } from '@react-three/fiber';
import type { Group } from 'three';
import { DRACOLoader } from 'three/addons/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { MODEL_ROTATION, MODEL_SCALE } from '../../lib/emblemLook';
import {
  DRACO_DECODER_PATH,
  DRACO_WORKER_LIMIT,
  MODEL_URL,
  ROTATION_PER_FRAME,
} from '../../lib/scene';

let draco: DRACOLoader | undefined;

/** One decoder for the page, self-hosted (the CSP allows no CDN), with at most 4 workers. */
function withDraco(loader: GLTFLoader) {
  if (!draco) {
    draco = new DRACOLoader();
    draco.setDecoderPath(DRACO_DECODER_PATH);
    draco.setWorkerLimit(DRACO_WORKER_LIMIT);
  }
  loader.setDRACOLoader(draco);
}

interface EmblemModelProps {
  /** Turn by a fixed angle every frame; false leaves the emblem still (reduced motion). */
  spinning: boolean;
}

/** The studio's emblem (web/public/models/emblem.glb, made by scripts/generate-model.mjs). */
export function EmblemModel({ spinning }: EmblemModelProps) {
  const gltf = useLoader(GLTFLoader, MODEL_URL, withDraco);
  const group = useRef<Group>(null);
  useFrame(() => {
    if (spinning && group.current) group.current.rotation.y += ROTATION_PER_FRAME;
  });
  return (
    <group ref={group} rotation={MODEL_ROTATION} scale={MODEL_SCALE}>
      <primitive object={gltf.scene} />
    </group>
  );
}
