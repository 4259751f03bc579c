import {
  ACESFilmicToneMapping,
  AmbientLight,
  DirectionalLight,
  Group,
  PerspectiveCamera,
  PointLight,
  Scene,
  WebGLRenderer,
} from 'three';
import {
  AMBIENT_INTENSITY,
  GLOW_LIGHT,
  KEY_LIGHT,
  MODEL_ROTATION,
  MODEL_SCALE,
  RIM_LIGHT,
  type Light,
} from './emblemLook';
import { CAMERA_FAR, CAMERA_FOV, CAMERA_NEAR, cameraDistance } from './scene';
import { STILL_DENSITIES, STILLS, stillUrl } from './still';
import { loadEmblem } from './loadEmblem';

/** A still as a PNG data URL, and the path the build serves it at. */
export interface RenderedStill {
  path: string;
  png: string;
}

function place<T extends DirectionalLight | PointLight>(
  light: T,
  { position, intensity, color }: Light,
) {
  light.position.set(...position);
  light.intensity = intensity;
  light.color.set(color);
  return light;
}

/**
 * Draws the emblem as BannerScene does, at rest (the first frame, as with reduced motion), once
 * for every still and density. scripts/render-still.mjs runs this in headless Chromium at build
 * time; the page never imports it.
 */
export async function renderStills(): Promise<RenderedStill[]> {
  const emblem = new Group();
  emblem.rotation.set(...MODEL_ROTATION);
  emblem.scale.setScalar(MODEL_SCALE);
  emblem.add(await loadEmblem());
  const scene = new Scene().add(
    new AmbientLight(0xffffff, AMBIENT_INTENSITY),
    place(new DirectionalLight(), KEY_LIGHT),
    place(new DirectionalLight(), RIM_LIGHT),
    place(new PointLight(), GLOW_LIGHT),
    emblem,
  );
  // What @react-three/fiber's Canvas sets up and BannerScene keeps: a transparent, antialiased
  // canvas with ACES tone mapping (sRGB output is three's own default).
  const renderer = new WebGLRenderer({ antialias: true, alpha: true, preserveDrawingBuffer: true });
  renderer.toneMapping = ACESFilmicToneMapping;
  const stills: RenderedStill[] = [];
  for (const still of STILLS) {
    const camera = new PerspectiveCamera(CAMERA_FOV, 1, CAMERA_NEAR, CAMERA_FAR);
    camera.position.set(0, 0, cameraDistance(still.windowWidth));
    for (const density of STILL_DENSITIES) {
      renderer.setSize(still.size * density, still.size * density, false);
      renderer.render(scene, camera);
      stills.push({
        path: stillUrl(still, density),
        png: renderer.domElement.toDataURL('image/png'),
      });
    }
  }
  renderer.dispose();
  return stills;
}
