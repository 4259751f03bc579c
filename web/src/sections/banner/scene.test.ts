import {
  CAMERA_MAX_DISTANCE,
  CAMERA_MIN_DISTANCE,
  cameraDistance,
  frameloop,
  maxDpr,
  PHONE_MAX_DPR,
} from './scene';

describe('3D scene settings', () => {
  test('moves the camera from 200 on narrow windows to 420 on wide ones', () => {
    expect(cameraDistance(320)).toBe(CAMERA_MIN_DISTANCE);
    expect(cameraDistance(375)).toBe(200);
    expect(cameraDistance(1920)).toBe(CAMERA_MAX_DISTANCE);
    expect(cameraDistance(2560)).toBe(420);
    const mid = cameraDistance(1280);
    expect(mid).toBeGreaterThan(200);
    expect(mid).toBeLessThan(420);
  });

  test('draws every frame only while the emblem turns on screen', () => {
    expect(frameloop(true, true)).toBe('always');
    expect(frameloop(true, false)).toBe('demand');
    expect(frameloop(false, true)).toBe('never');
    expect(frameloop(false, false)).toBe('never');
  });

  test('caps the pixel ratio on phones', () => {
    expect(maxDpr(375)).toBe(PHONE_MAX_DPR);
    expect(maxDpr(1920)).toBeGreaterThan(PHONE_MAX_DPR);
  });
});
