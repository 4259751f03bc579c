// jsdom lays nothing out and has no scrollIntoView: the tests of what scrolls the page to a part
// record instead where it was asked to go.

/**
 * Gives elements a scrollIntoView that notes the id of each element scrolled to, in the list
 * returned (a new, empty one each call: call it before each test).
 */
export function recordScrolls(): string[] {
  const scrolledTo: string[] = [];
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledTo.push(this.id);
  });
  return scrolledTo;
}
