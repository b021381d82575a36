import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { localSmtpServer } from '../server/test/local-smtp-server.ts';

/**
 * The mailbox of the end-to-end run: a local SMTP server the app sends to, which writes each
 * message it accepts as one JSON file, so every test worker can read what the app mailed.
 */
export interface StoredMail {
  to: string[];
  receivedAt: number;
  raw: string;
}

export function mailDirectory(): string {
  const directory = process.env.E2E_MAIL_DIR;
  if (!directory)
    throw new Error('E2E_MAIL_DIR is not set: run the tests through playwright.config.ts');
  return directory;
}

export async function startMailServer(port: number, directory: string) {
  mkdirSync(directory, { recursive: true });
  let sequence = 0;
  const server = localSmtpServer((to, raw) => {
    sequence += 1;
    const mail: StoredMail = {
      to: to.map((address) => address.toLowerCase()),
      receivedAt: Date.now(),
      raw,
    };
    const name = `${String(mail.receivedAt)}-${String(sequence).padStart(6, '0')}.json`;
    // Written aside and renamed, so a reader never sees half a message.
    const partial = path.join(directory, `.${name}`);
    writeFileSync(partial, JSON.stringify(mail));
    renameSync(partial, path.join(directory, name));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Every message sent to `address` so far, oldest first. */
export function mailsTo(address: string, directory = mailDirectory()): StoredMail[] {
  const wanted = address.toLowerCase();
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(directory, name), 'utf8')) as StoredMail)
    .filter((mail) => mail.to.includes(wanted));
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): MimePart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let index = 0; index < text.length; index += 1) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(text[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: MimePart): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The plain-text body of a message (its text/plain part when it has alternatives). */
export function plainText(raw: string): string {
  const part = parsePart(raw);
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    const texts = pieces
      .filter((piece) => !piece.startsWith('--'))
      .map((piece) => piece.replace(/^\r?\n/, ''));
    const plain = texts
      .map(parsePart)
      .find((child) => /^text\/plain/i.test(child.headers.get('content-type') ?? 'text/plain'));
    const nested = texts.find((piece) => /^content-type:\s*multipart\//im.test(piece));
    if (plain) return decodeBody(plain).trim();
    if (nested) return plainText(nested);
    return '';
  }
  return decodeBody(part).trim();
}
