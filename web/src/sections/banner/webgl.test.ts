// @vitest-environment jsdom
import { webglRenderer } from './webgl';

afterEach(() => vi.restoreAllMocks());

const RENDERER = 0x1f01;
const UNMASKED_RENDERER = 0x9246;

/** A context whose renderer reports `name`, unmasked where `debugInfo` is given. */
function context(name: string, loseContext = vi.fn(), debugInfo = true) {
  return {
    RENDERER,
    getExtension: (extension: string) =>
      extension === 'WEBGL_lose_context'
        ? { loseContext }
        : extension === 'WEBGL_debug_renderer_info' && debugInfo
          ? {}
          : null,
    getParameter: (parameter: number) =>
      parameter === UNMASKED_RENDERER || (parameter === RENDERER && !debugInfo) ? name : 'WebKit',
  };
}

/** Stubs getContext: `make(type, options)` returns the context, or null for none. */
function stubContexts(make: (type: string, options: WebGLContextAttributes) => unknown) {
  return vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation(
      ((type: string, options: WebGLContextAttributes) => make(type, options) ?? null) as never,
    );
}

test('finds no WebGL where the browser makes neither context', () => {
  stubContexts(() => null);
  expect(webglRenderer()).toBe('none');
});

test('finds no WebGL where asking for a context throws', () => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => {
    throw new Error('blocked');
  });
  expect(webglRenderer()).toBe('none');
});

test('a GPU: WebGL 1 without 2 will do, and the probe context is released', () => {
  const loseContext = vi.fn();
  const getContext = stubContexts((type) =>
    type === 'webgl' ? context('ANGLE (NVIDIA GeForce RTX 3060)', loseContext) : null,
  );
  expect(webglRenderer()).toBe('hardware');
  expect(getContext).toHaveBeenCalledWith('webgl2', { failIfMajorPerformanceCaveat: true });
  expect(loseContext).toHaveBeenCalledOnce();
});

test('software where the browser refuses a context with a major performance caveat', () => {
  const loseContext = vi.fn();
  stubContexts((_, options) =>
    options.failIfMajorPerformanceCaveat ? null : context('ANGLE (Google, Vulkan)', loseContext),
  );
  expect(webglRenderer()).toBe('software');
  expect(loseContext).toHaveBeenCalledOnce();
});

test.each([
  ['ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)', true],
  ['llvmpipe (LLVM 15.0.6, 256 bits)', true],
  ['softpipe', true],
  ['Microsoft Basic Render Driver (Software)', true],
  ['Mesa Intel(R) UHD Graphics 620 (KBL GT2)', false],
  ['Apple GPU', false],
])('a browser that makes the context anyway: %s is software: %s', (name, software) => {
  const loseContext = vi.fn();
  stubContexts(() => context(name, loseContext));
  expect(webglRenderer()).toBe(software ? 'software' : 'hardware');
  expect(loseContext).toHaveBeenCalledOnce();
});

test('reads the masked renderer where the unmasked one is not offered', () => {
  stubContexts(() => context('llvmpipe', vi.fn(), false));
  expect(webglRenderer()).toBe('software');
});
