/**
 * Ends the current task and resumes in a new one, so the browser may paint or answer input in
 * between: the start-up's steps then run as a few short tasks instead of one long one (a long
 * task on a slow phone is what Total Blocking Time counts). A zero-delay timeout rather than
 * `scheduler.yield`, which only Chromium has: the bytes are on the critical path.
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
