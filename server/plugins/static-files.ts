import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Vite's hashed build output may be cached forever; everything else is revalidated each time. */
function cacheControlFor(filePath: string, root: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

export function hasBuiltClient(staticDir: string | null | undefined): staticDir is string {
  return Boolean(staticDir && existsSync(path.join(staticDir, 'index.html')));
}

/** Serves the built SPA from `root`; `sendSpaIndex` is the history-API fallback. */
export async function registerStaticFiles(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    // The build writes .br/.gz copies of text files; sending them saves compressing per request
    // and roughly two thirds of the bytes on a first visit.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControlFor(filePath, root));
    },
  });
}

/** Client-side routes (no file extension, or a browser asking for HTML) get index.html. */
export function wantsSpaIndex(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const accept = request.headers.accept ?? '';
  return !path.posix.extname(pathname) || accept.includes('text/html');
}

export function sendSpaIndex(reply: FastifyReply) {
  return reply
    .header('cache-control', REVALIDATE)
    .type('text/html; charset=utf-8')
    .sendFile('index.html');
}
