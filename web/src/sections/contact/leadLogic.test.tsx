// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
  // Each step waits for its outcome, not for a set time: on a busy machine (a gate beside other
  // suites) the chunk's import and the post took longer than the 50 ms once given here.
  const patience = { timeout: 5000 };
  const send = () => fireEvent.click(screen.getByRole('button', { name: en.feedbackForm.submit }));
  send();
  expect(await screen.findByRole('alert', {}, patience)).toHaveTextContent(en.feedbackForm.error);
  expect(field('message')).toHaveValue(valid.message);
  expect(fetchMock).not.toHaveBeenCalled();

  chunk.fail = false;
  send();
  await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1), patience);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
