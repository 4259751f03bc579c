import { yieldToMain } from './yieldToMain';

test('resumes in a later task, after the work already queued', async () => {
  const order: string[] = [];
  setTimeout(() => order.push('queued task'), 0);
  void Promise.resolve().then(() => order.push('microtask'));
  await yieldToMain();
  order.push('resumed');
  expect(order).toEqual(['microtask', 'queued task', 'resumed']);
});
