import BannerScene from './BannerScene';
import { loadEmblem } from './loadEmblem';

/**
 * The lazy 3D chunk's entry: the scene with its model already loaded. A chunk or model that fails
 * to load is then a rejected promise BannerModel turns into one notice, not an error thrown
 * through React and three's renderer (each of which would log it as an error).
 */
export async function loadScene() {
  return { Scene: BannerScene, model: await loadEmblem() };
}

export type LoadedScene = Awaited<ReturnType<typeof loadScene>>;
