import type { AddressInfo } from 'node:net';
import { localSmtpServer } from './local-smtp-server.ts';

/** One message as the test SMTP server received it, with its parts decoded. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpInbox {
  url: string;
  messages: ReceivedMail[];
  clear(): void;
  /** Waits until at least `count` messages arrived (mail may go out after the answer). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const separator = /\r?\n\r?\n/.exec(raw);
  const head = separator ? raw.slice(0, separator.index) : raw;
  const body = separator ? raw.slice(separator.index + separator[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = /^=([0-9A-F]{2})/i.exec(joined.slice(index, index + 3));
    if (hex?.[1]) {
      bytes.push(parseInt(hex[1], 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined.charAt(index), 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: MimePart): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') {
    return Buffer.from(part.body.replace(/\s/g, ''), 'base64').toString('utf8');
  }
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_match, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function leafParts(part: MimePart): MimePart[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .map((chunk) => splitPart(chunk.replace(/^\r?\n/, '')))
    .flatMap(leafParts);
}

function parseMail(to: string[], raw: string): ReceivedMail {
  const message = splitPart(raw);
  const parts = leafParts(message);
  const ofType = (type: string) =>
    parts
      .filter((part) => (part.headers.get('content-type') ?? 'text/plain').startsWith(type))
      .map(decodeBody)
      .join('\n');
  return {
    to,
    raw,
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: ofType('text/plain'),
    html: ofType('text/html'),
  };
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const smtp = localSmtpServer((to, raw) => messages.push(parseMail(to, raw)));
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    clear() {
      messages.length = 0;
    },
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} messages, received ${messages.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
