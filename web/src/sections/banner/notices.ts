/**
 * Console notices where the 3D scene cannot run, for developers: visitors see the still image,
 * which needs no words. The e2e tests look for them.
 */
export const NO_WEBGL_NOTICE =
  '3D model unavailable (WebGL is not supported); showing a still image';
export const FAILED_NOTICE = '3D model failed to load; showing a still image:';
