import { hasWebGL } from './webgl';

afterEach(() => vi.restoreAllMocks());

function stubContexts(contexts: Record<string, unknown>) {
  return vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation(((type: string) => contexts[type] ?? null) as never);
}

test('finds no WebGL where the browser makes neither context', () => {
  stubContexts({});
  expect(hasWebGL()).toBe(false);
});

test('accepts WebGL 1 without 2, and releases the probe context', () => {
  const loseContext = vi.fn();
  const getContext = stubContexts({ webgl: { getExtension: () => ({ loseContext }) } });
  expect(hasWebGL()).toBe(true);
  expect(getContext).toHaveBeenCalledWith('webgl2', { failIfMajorPerformanceCaveat: false });
  expect(loseContext).toHaveBeenCalledOnce();
});

test('finds no WebGL where asking for a context throws', () => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => {
    throw new Error('blocked');
  });
  expect(hasWebGL()).toBe(false);
});
