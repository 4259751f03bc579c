import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Proc {
  pid: number;
  ppid: number;
  name: string;
  state: string;
  /** User plus system CPU, in clock ticks. */
  cpu: number;
}

function read(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may itself hold spaces or parentheses.
    const close = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      name,
      state: fields[0],
      cpu: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return undefined; // gone meanwhile
  }
}

function all(): Proc[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => read(Number(entry)))
    .filter((proc): proc is Proc => !!proc);
}

/** The process `root` and everything it started, parents first. */
export function family(root: number): Proc[] {
  const procs = all();
  const out: Proc[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    const proc = procs.find((p) => p.pid === pid);
    if (proc) out.push(proc);
    queue.push(...procs.filter((p) => p.ppid === pid).map((p) => p.pid));
  }
  return out;
}

async function backtrace(pid: number): Promise<string> {
  try {
    const { stdout } = await run(
      'gdb',
      [
        '-p',
        String(pid),
        '-batch',
        '-nx',
        '-ex',
        'set pagination off',
        '-ex',
        'thread apply all bt 25',
      ],
      { timeout: 30_000, maxBuffer: 16 << 20 },
    );
    // gdb's own chatter (symbol loading) is on stderr; keep the threads only.
    return stdout
      .split('\n')
      .filter((line) => /^(Thread|#)/.test(line))
      .join('\n');
  } catch (error) {
    return `(no backtrace: ${(error as Error).message.split('\n')[0]})`;
  }
}

/** The first `frames` frames of the process's main thread (gdb lists it last, as Thread 1). */
function mainThread(stacks: string, frames: number): string {
  const at = stacks.search(/^Thread 1 /m);
  if (at < 0) return stacks.split('\n').slice(0, frames).join('\n');
  return stacks
    .slice(at)
    .split('\n')
    .slice(1, frames + 1)
    .join('\n');
}

/**
 * What a browser that stopped answering is doing: each process of the family, whether it spends
 * CPU (a busy loop) or sleeps (a deadlock or a wait), and every thread's stack. For a hang that
 * only shows in the full suite, once in several runs, this is what the run leaves behind. The
 * summary has each process's main thread; `full` has every thread.
 */
export async function describeHang(root: number): Promise<{ summary: string; full: string }> {
  const before = family(root);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = new Map(before.map((proc) => [proc.pid, read(proc.pid)]));
  const summary: string[] = [];
  const full: string[] = [];
  for (const proc of before) {
    const now = after.get(proc.pid);
    const head = `== ${proc.pid} ${proc.name}: state ${now?.state ?? 'gone'}, ${
      now ? now.cpu - proc.cpu : 0
    } % of a core over 1 s`;
    const stacks = await backtrace(proc.pid);
    summary.push(head, mainThread(stacks, 8));
    full.push(head, stacks);
  }
  return { summary: summary.join('\n'), full: full.join('\n') };
}
