/**
 * Whether this browser can create a WebGL context at all; software rendering counts, as the
 * emblem is light. The probe's context is released at once: browsers allow only a few at a time.
 */
export function hasWebGL(): boolean {
  const canvas = document.createElement('canvas');
  const options: WebGLContextAttributes = { failIfMajorPerformanceCaveat: false };
  try {
    const gl = canvas.getContext('webgl2', options) ?? canvas.getContext('webgl', options);
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return gl !== null;
  } catch {
    return false;
  }
}
