import type { Group } from 'three';
import { DRACOLoader } from 'three/addons/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { DRACO_DECODER_PATH, DRACO_WORKER_LIMIT, MODEL_URL } from './scene';

let emblem: Promise<Group> | undefined;

/**
 * The studio's emblem (public/models/emblem.glb, made by scripts/generate-model.mjs), loaded once
 * per page. The Draco decoder is self-hosted (the CSP allows no CDN) and runs in at most 4 workers.
 * The build's still image (renderStill) loads it the same way.
 */
export function loadEmblem(): Promise<Group> {
  emblem ??= (async () => {
    const draco = new DRACOLoader();
    draco.setDecoderPath(DRACO_DECODER_PATH);
    draco.setWorkerLimit(DRACO_WORKER_LIMIT);
    const gltf = await new GLTFLoader().setDRACOLoader(draco).loadAsync(MODEL_URL);
    return gltf.scene;
  })();
  return emblem;
}
