import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBinary } from '../fixtures/paths';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The code of the portal's incoming webhook: its secret, in the URL.
const bitrixCode = 'e2ewebhookc0de';

/** Starts a helper program and resolves with the port it prints as {"port":N}. */
async function listening(child: ChildProcess, name: string): Promise<number> {
  let output = '';
  return new Promise((resolve, reject) => {
    const take = (data: Buffer) => {
      output += data.toString();
      const found = /"port"\s*:\s*(\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${output}`)));
  });
}

/**
 * The CRM's webhook receiver, the studio's inbox and its Bitrix24 portal, programs on 127.0.0.1:
 * the receiver checks every signature with the official standardwebhooks library
 * (e2e/receivers/), the inbox is Debian's aiosmtpd over STARTTLS with a certificate made for the
 * run, the portal a fake written from Bitrix24's REST documentation.
 */
export class Receivers {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'landing-receivers-'));
  private children: ChildProcess[] = [];
  hookPort = 0;
  smtpPort = 0;
  bitrixPort = 0;

  async start(): Promise<void> {
    const secret = execFileSync(serverBinary, ['webhook', 'new-secret'], { encoding: 'utf8' });
    writeFileSync(this.file('secret'), secret);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        this.file('key.pem'),
        '-out',
        this.file('cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const hook = spawn('node', [
      path.join(root, 'e2e/receivers/webhook-receiver.mjs'),
      '--secret-file',
      this.file('secret'),
    ]);
    const sink = spawn('/usr/bin/python3', [
      path.join(root, 'server/testing/smtp_sink.py'),
      '--out',
      this.file('mail'),
      '--starttls',
      '--cert',
      this.file('cert.pem'),
      '--key',
      this.file('key.pem'),
    ]);
    const portal = spawn('node', [
      path.join(root, 'e2e/receivers/bitrix24.mjs'),
      '--user',
      '1',
      '--code',
      bitrixCode,
    ]);
    this.children.push(hook, sink, portal);
    [this.hookPort, this.smtpPort, this.bitrixPort] = await Promise.all([
      listening(hook, 'webhook-receiver'),
      listening(sink, 'smtp_sink'),
      listening(portal, 'bitrix24'),
    ]);
    writeFileSync(
      this.file('bitrix24'),
      `http://127.0.0.1:${this.bitrixPort}/rest/1/${bitrixCode}/\n`,
    );
  }

  /** The landing-server flags that send every lead to both. */
  serverArgs(): string[] {
    return [
      '--webhook-url',
      `http://127.0.0.1:${this.hookPort}/hooks/leads`,
      '--webhook-secret-file',
      this.file('secret'),
      '--webhook-allow-private',
      '--smtp-url',
      `smtp://127.0.0.1:${this.smtpPort}`,
      '--smtp-ca-file',
      this.file('cert.pem'),
      '--mail-from',
      'leads@studio.example',
      '--mail-to',
      'sales@studio.example',
      '--bitrix24-webhook-file',
      this.file('bitrix24'),
      '--bitrix24-allow-private',
    ];
  }

  /** The leads the Bitrix24 portal keeps, as crm.lead.add gave them. */
  async bitrixLeads(): Promise<Record<string, unknown>[]> {
    return (await fetch(`http://127.0.0.1:${this.bitrixPort}/_control/leads`)).json();
  }

  async deliveries(): Promise<
    { verified: boolean; headers: Record<string, string>; body: string }[]
  > {
    return (await fetch(`http://127.0.0.1:${this.hookPort}/_control/deliveries`)).json();
  }

  mails(): string[] {
    const folder = this.file('mail');
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => readFileSync(path.join(folder, name), 'utf8'));
  }

  stop(): void {
    for (const child of this.children) child.kill('SIGTERM');
    rmSync(this.dir, { recursive: true, force: true });
  }

  private file(name: string): string {
    return path.join(this.dir, name);
  }
}
