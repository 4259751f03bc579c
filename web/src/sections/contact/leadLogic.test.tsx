// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { respond, renderContact, valid } from './testing';
import { en } from '../../test/messages';

// The form's checks arrive as a chunk of their own; here that fetch fails once, as offline or
// after a deploy removed the old chunk, and works the next time.
const chunk = vi.hoisted(() => ({ fail: true }));
vi.mock('./leadLogic', async (importOriginal) => {
  if (chunk.fail) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

afterEach(() => vi.unstubAllGlobals());

test('a form whose checks cannot be fetched says it failed, keeps the text, and works once they can', async () => {
  const fetchMock = respond(202);
  const { field, fill, onSend } = renderContact('en');
  fill(valid);
  const send = () =>
    act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en.feedbackForm.submit }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
  await send();
  expect(screen.getByRole('alert')).toHaveTextContent(en.feedbackForm.error);
  expect(field('message')).toHaveValue(valid.message);
  expect(fetchMock).not.toHaveBeenCalled();

  chunk.fail = false;
  await send();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(onSend).toHaveBeenCalledTimes(1);
});
