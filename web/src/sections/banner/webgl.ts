/**
 * What draws WebGL here: nothing, a software rasteriser (no usable GPU: SwiftShader, llvmpipe),
 * or a GPU.
 */
export type WebGLRenderer = 'none' | 'software' | 'hardware';

// Software rasterisers by the names they report, for browsers that do not refuse a context with
// failIfMajorPerformanceCaveat on them.
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|lavapipe|software/i;
// WEBGL_debug_renderer_info's UNMASKED_RENDERER_WEBGL.
const UNMASKED_RENDERER = 0x9246;

/**
 * Probes WebGL once. A software rasteriser still draws the emblem, but the turning scene costs it
 * one and a half to two cores (measured in Chromium's SwiftShader at 1280 px, most of it waiting
 * on the rasteriser), so the caller draws on demand there. Each probe context is released at
 * once: browsers allow only a few at a time.
 */
export function webglRenderer(): WebGLRenderer {
  const unhindered = probe({ failIfMajorPerformanceCaveat: true }, isSoftware);
  if (unhindered !== 'none') return unhindered;
  return probe({ failIfMajorPerformanceCaveat: false }, () => true);
}

function probe(
  options: WebGLContextAttributes,
  software: (gl: WebGLRenderingContext) => boolean,
): WebGLRenderer {
  try {
    const canvas = document.createElement('canvas');
    const gl = (canvas.getContext('webgl2', options) ??
      canvas.getContext('webgl', options)) as WebGLRenderingContext | null;
    if (!gl) return 'none';
    const kind = software(gl) ? 'software' : 'hardware';
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return kind;
  } catch {
    return 'none';
  }
}

function isSoftware(gl: WebGLRenderingContext): boolean {
  const name = gl.getExtension('WEBGL_debug_renderer_info')
    ? gl.getParameter(UNMASKED_RENDERER)
    : gl.getParameter(gl.RENDERER);
  return typeof name === 'string' && SOFTWARE_RENDERER.test(name);
}
