import { expect, type Page } from '@playwright/test';

/**
 * Sveltia's `test-repo` backend keeps its repository in the origin-private file system, in the
 * folder `sveltia-cms-test/`, and reads whatever is there when a manager signs in; Save writes
 * back into it. So a test seeds the repository before signing in and reads the commit after.
 * Files cross into the page as base64, since a picture is bytes, not text.
 */
const ROOT = 'sveltia-cms-test';
const READ_RETRY_MS = 2_000;

/** Replaces the repository with `files` (path from the repository's root → contents). */
export async function seedRepository(page: Page, files: Record<string, Buffer>): Promise<void> {
  const encoded = Object.entries(files).map(([file, bytes]) => [file, bytes.toString('base64')]);
  await page.evaluate(
    async ({ root, encoded }) => {
      const opfs = await navigator.storage.getDirectory();
      await opfs.removeEntry(root, { recursive: true }).catch(() => undefined);
      const top = await opfs.getDirectoryHandle(root, { create: true });
      for (const [file, base64] of encoded) {
        const parts = file.split('/');
        const name = parts.pop()!;
        let dir = top;
        for (const part of parts) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
        await writable.write(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
        await writable.close();
      }
    },
    { root: ROOT, encoded },
  );
}

/**
 * Every file of the repository (path → contents). A read that meets a save half-way (a file
 * being moved into place cannot be read) starts over, for up to READ_RETRY_MS.
 */
export async function readRepository(page: Page): Promise<Record<string, Buffer>> {
  const encoded = await page.evaluate(
    async ({ root, retryMs }) => {
      let found: Record<string, string> = {};
      const walk = async (dir: FileSystemDirectoryHandle, prefix: string) => {
        for await (const [name, handle] of dir.entries()) {
          // Save writes a temporary file first and then moves it into place.
          if (name.startsWith('.sveltia-tmp-')) continue;
          const file = prefix + name;
          if (handle.kind === 'directory') {
            await walk(handle as FileSystemDirectoryHandle, `${file}/`);
            continue;
          }
          const bytes = new Uint8Array(
            await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer(),
          );
          let binary = '';
          // String.fromCharCode takes its arguments on the stack: a picture goes in slices.
          for (let at = 0; at < bytes.length; at += 0x8000) {
            binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
          }
          found[file] = btoa(binary);
        }
      };
      const deadline = Date.now() + retryMs;
      for (;;) {
        found = {};
        try {
          await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(root), '');
          return found;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
    { root: ROOT, retryMs: READ_RETRY_MS },
  );
  return Object.fromEntries(
    Object.entries(encoded).map(([file, base64]) => [file, Buffer.from(base64, 'base64')]),
  );
}

/**
 * The repository once `saved` finds the save in it. The "Entry saved." toast is no signal (it
 * outlives the save it reports), so the repository itself is polled.
 */
export async function untilSaved(
  page: Page,
  saved: (files: Record<string, Buffer>) => boolean,
): Promise<Record<string, Buffer>> {
  let files: Record<string, Buffer> = {};
  await expect
    .poll(async () => saved((files = await readRepository(page))), {
      message: 'the save reaches the repository',
      timeout: 15_000,
    })
    .toBe(true);
  return files;
}
