// @vitest-environment jsdom
import { pageSteps, storageKey } from '../../../contract/funnel-beacon.json';
import { noteStep, sendUnsent, type PageStep, type StepOptions } from './steps';

const ALLOWED: StepOptions = { refused: () => false };
const record = () => JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as unknown;

/** A send that queues every beacon and keeps what it was handed. */
function sender(queued = true) {
  const sent: PageStep[][] = [];
  const lost: (() => void)[] = [];
  const send = (steps: PageStep[], undo: () => void) => {
    sent.push(steps);
    lost.push(undo);
    return queued;
  };
  return { send, sent, lost };
}

const throwing = (): Storage => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

test("the page's steps are the contract's", () => {
  const steps: PageStep[] = ['arrived', 'cases', 'docs', 'form'];
  expect(pageSteps).toEqual(steps);
});

test("keeps the steps reached in sessionStorage under the contract's key, nowhere else", () => {
  noteStep('arrived', ALLOWED);
  noteStep('cases', ALLOWED);
  expect(record()).toEqual({ reached: ['arrived', 'cases'], sent: [] });
  expect(sessionStorage.length).toBe(1);
  expect(localStorage.length).toBe(0);
  expect(document.cookie).toBe('');
});

test('a step noted again, on this page view or a later one, is kept once', () => {
  noteStep('arrived', ALLOWED);
  noteStep('form', ALLOWED);
  noteStep('arrived', ALLOWED);
  expect(record()).toEqual({ reached: ['arrived', 'form'], sent: [] });
});

test('sends the steps not sent yet, once, and keeps them sent', () => {
  const { send, sent } = sender();
  noteStep('arrived', ALLOWED);
  noteStep('cases', ALLOWED);
  sendUnsent(send);
  sendUnsent(send);
  noteStep('form', ALLOWED);
  sendUnsent(send);
  expect(sent).toEqual([['arrived', 'cases'], ['form']]);
  expect(record()).toEqual({
    reached: ['arrived', 'cases', 'form'],
    sent: ['arrived', 'cases', 'form'],
  });
});

test('a beacon that was not queued leaves its steps for the next send', () => {
  noteStep('arrived', ALLOWED);
  sendUnsent(sender(false).send);
  expect(record()).toEqual({ reached: ['arrived'], sent: [] });
  const { send, sent } = sender();
  sendUnsent(send);
  expect(sent).toEqual([['arrived']]);
});

test('a beacon lost after it was queued puts back its steps, and only its own', () => {
  const first = sender();
  noteStep('arrived', ALLOWED);
  sendUnsent(first.send);
  noteStep('cases', ALLOWED);
  sendUnsent(sender().send);
  first.lost[0]?.();
  expect(record()).toEqual({ reached: ['arrived', 'cases'], sent: ['cases'] });
});

test('nothing is noted under Global Privacy Control or Do Not Track', () => {
  noteStep('arrived', { refused: () => true });
  expect(sessionStorage.length).toBe(0);
});

describe('without working sessionStorage nothing is noted or sent', () => {
  test('blocked', () => {
    noteStep('arrived', { ...ALLOWED, storage: throwing });
    const { send, sent } = sender();
    sendUnsent(send, throwing);
    expect(sent).toEqual([]);
  });

  test('full: a step that cannot be written is not counted', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    } as unknown as Storage;
    noteStep('arrived', { ...ALLOWED, storage: () => full });
    const { send, sent } = sender();
    sendUnsent(send, () => full);
    expect(sent).toEqual([]);
  });

  test('full once steps were noted: they are not sent, since they could not be marked sent', () => {
    noteStep('arrived', ALLOWED);
    const full = {
      getItem: (key: string) => sessionStorage.getItem(key),
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    } as unknown as Storage;
    const { send, sent } = sender();
    sendUnsent(send, () => full);
    expect(sent).toEqual([]);
  });
});

test('a stored record this code did not write sends only the steps of the contract, each once', () => {
  sessionStorage.setItem(
    storageKey,
    JSON.stringify({ reached: ['form', 'sent', 'form', 7, 'arrived'], sent: 'cases' }),
  );
  const { send, sent } = sender();
  sendUnsent(send);
  expect(sent).toEqual([['arrived', 'form']]);
  sessionStorage.setItem(storageKey, '{not json');
  noteStep('docs', ALLOWED);
  expect(record()).toEqual({ reached: ['docs'], sent: [] });
});
