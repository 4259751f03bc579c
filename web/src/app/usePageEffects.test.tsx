// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SCROLL_ACTIVE_MS } from '../lib/constants';
import {
  SCROLLBAR_ACTIVE_CLASS,
  TOUCH_ACTIVE_CLASS,
  useScrollbarActivity,
  useTouchActive,
} from './usePageEffects';

function Page() {
  useScrollbarActivity();
  useTouchActive();
  return (
    <>
      <button type="button">
        <span>Press</span>
      </button>
      <a href="#contact">Contact</a>
    </>
  );
}

const root = document.documentElement;

describe('scrollbar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('is active while scrolling and 700 ms after the last scroll', () => {
    render(<Page />);
    expect(root).not.toHaveClass(SCROLLBAR_ACTIVE_CLASS);
    fireEvent.scroll(window);
    expect(root).toHaveClass(SCROLLBAR_ACTIVE_CLASS);
    act(() => vi.advanceTimersByTime(SCROLL_ACTIVE_MS - 100));
    fireEvent.scroll(window);
    act(() => vi.advanceTimersByTime(SCROLL_ACTIVE_MS - 1));
    expect(root).toHaveClass(SCROLLBAR_ACTIVE_CLASS);
    act(() => vi.advanceTimersByTime(1));
    expect(root).not.toHaveClass(SCROLLBAR_ACTIVE_CLASS);
  });

  test('stops listening when the page unmounts', () => {
    const { unmount } = render(<Page />);
    unmount();
    fireEvent.scroll(window);
    expect(root).not.toHaveClass(SCROLLBAR_ACTIVE_CLASS);
  });
});

describe('touch', () => {
  test('a button is active from touchstart to touchend', () => {
    render(<Page />);
    const button = screen.getByRole('button');
    fireEvent.touchStart(screen.getByText('Press'));
    expect(button).toHaveClass(TOUCH_ACTIVE_CLASS);
    fireEvent.touchEnd(button);
    expect(button).not.toHaveClass(TOUCH_ACTIVE_CLASS);
  });

  test('a link takes the active state too', () => {
    render(<Page />);
    const link = screen.getByRole('link');
    fireEvent.touchStart(link);
    expect(link).toHaveClass(TOUCH_ACTIVE_CLASS);
    fireEvent.touchEnd(link);
    expect(link).not.toHaveClass(TOUCH_ACTIVE_CLASS);
  });

  test('a cancelled touch also ends the active state', () => {
    render(<Page />);
    const button = screen.getByRole('button');
    fireEvent.touchStart(button);
    fireEvent.touchCancel(button);
    expect(button).not.toHaveClass(TOUCH_ACTIVE_CLASS);
  });

  test('touching something else marks nothing', () => {
    render(<Page />);
    fireEvent.touchStart(document.body);
    expect(document.querySelector(`.${TOUCH_ACTIVE_CLASS}`)).toBeNull();
  });
});
