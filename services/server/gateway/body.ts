import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { ApiError } from '@/services/server/gateway/api-error';

/**
 * An uploaded file: held in memory (small upload limits), or written to a file as it arrives when
 * the endpoint takes large ones (`fileDir`): then `data` is empty and `path` names the file, which
 * the handler owns (the gateway removes it when the call fails before the handler takes it).
 */
export interface UploadedFile {
  readonly field: string;
  readonly filename: string;
  readonly mimeType: string;
  readonly data: Buffer;
  readonly path?: string;
  readonly size: number;
}

export interface ParsedBody {
  readonly fields: Record<string, string>;
  readonly files: UploadedFile[];
  /** JSON bodies keep their types; form bodies are all strings (zod coerces). */
  readonly json: Record<string, unknown> | undefined;
}

export interface BodyLimits {
  /** Whole body, bytes. */
  readonly maxBodyBytes: number;
  /** One text field, bytes. */
  readonly maxFieldBytes: number;
  readonly maxFields: number;
  /** One file, bytes; 0 refuses files. */
  readonly maxFileBytes: number;
  readonly maxFiles: number;
  /** Where files are written as they arrive, instead of memory (large uploads: question banks). */
  readonly fileDir?: string;
}

export const DEFAULT_LIMITS: BodyLimits = {
  maxBodyBytes: 1024 * 1024,
  maxFieldBytes: 64 * 1024,
  maxFields: 100,
  maxFileBytes: 0,
  maxFiles: 0,
};

const EMPTY: ParsedBody = { fields: {}, files: [], json: undefined };

function tooLarge(detail: string, field?: string): ApiError {
  return new ApiError('payload_too_large', { detail, field });
}

/** Refusals decided on the declared length alone: not a byte of their body was read. */
const refusedUnread = new WeakSet<ApiError>();

/** Whether this refusal came before its body was read (its declared length is over the limit). */
export function refusedBeforeReading(error: ApiError): boolean {
  return refusedUnread.has(error);
}

/** The declared length of a body (Content-Length), or null when it comes in chunks of unknown total. */
export function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers['content-length'];
  if (header === undefined) return null;
  const n = Number(header);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Reads the whole body, refusing it as soon as it passes the limit. */
function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(tooLarge(`body is larger than ${limit} bytes`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

function checkFields(fields: Record<string, string>, limits: BodyLimits): void {
  const names = Object.keys(fields);
  if (names.length > limits.maxFields) throw tooLarge(`more than ${limits.maxFields} fields`);
  for (const name of names) {
    if (Buffer.byteLength(fields[name]!) > limits.maxFieldBytes) {
      throw tooLarge(`${name} is longer than ${limits.maxFieldBytes} bytes`, name);
    }
  }
}

function parseMultipart(req: IncomingMessage, limits: BodyLimits): Promise<ParsedBody> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: {
          fieldSize: limits.maxFieldBytes,
          fields: limits.maxFields,
          fileSize: limits.maxFileBytes,
          files: limits.maxFiles,
        },
      });
    } catch {
      reject(new ApiError('103', { detail: 'malformed multipart body' }));
      return;
    }
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    const pendingWrites: Promise<unknown>[] = [];
    let total = 0;
    let failure: Error | undefined;
    const fail = (err: Error) => {
      if (failure) return;
      failure = err;
      req.unpipe(bb);
      req.resume();
      reject(err);
    };
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limits.maxBodyBytes) fail(tooLarge(`body is larger than ${limits.maxBodyBytes} bytes`));
    });
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(tooLarge(`${name} is longer than ${limits.maxFieldBytes} bytes`, name));
      else fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (limits.maxFiles === 0) {
        stream.resume();
        fail(new ApiError('103', { field: name, detail: `${name}: this endpoint takes no file` }));
        return;
      }
      if (limits.fileDir) {
        // Straight to disk: memory stays small whatever the size of the file.
        const target = path.join(limits.fileDir, `${randomUUID()}.upload`);
        stream.on('limit', () => fail(tooLarge(`${name} is larger than ${limits.maxFileBytes} bytes`, name)));
        // The directory exists before the stream is piped: nothing may read the stream before the file does.
        fs.mkdirSync(limits.fileDir, { recursive: true, mode: 0o700 });
        const written = pipeline(stream, fs.createWriteStream(target, { mode: 0o600 }))
          .then(() => fs.promises.stat(target))
          .then(
            (stat) => {
              if (failure) return fs.promises.rm(target, { force: true });
              files.push({ field: name, filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.alloc(0), path: target, size: stat.size });
            },
            (error: Error) => {
              void fs.promises.rm(target, { force: true });
              fail(error);
            },
          );
        pendingWrites.push(written);
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => fail(tooLarge(`${name} is larger than ${limits.maxFileBytes} bytes`, name)));
      stream.on('close', () => {
        if (!failure) {
          files.push({ field: name, filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks), size: chunks.reduce((n, c) => n + c.length, 0) });
        }
      });
    });
    bb.on('fieldsLimit', () => fail(tooLarge(`more than ${limits.maxFields} fields`)));
    bb.on('filesLimit', () => fail(tooLarge(`more than ${limits.maxFiles} files`)));
    bb.on('error', () => fail(new ApiError('103', { detail: 'malformed multipart body' })));
    bb.on('close', () => {
      void Promise.all(pendingWrites).then(() => {
        if (!failure) resolve({ fields, files, json: undefined });
        else for (const f of files) if (f.path) void fs.promises.rm(f.path, { force: true });
      });
    });
    req.pipe(bb);
  });
}

/**
 * Parses a POST body: multipart/form-data, application/x-www-form-urlencoded or JSON. A body whose
 * declared length is over the limit is refused before a byte of it is read (see
 * `refusedBeforeReading`); one that comes in chunks is refused as soon as it passes the limit.
 * `beforeReading` runs once the body is going to be read (the gateway sends `100 Continue` there
 * to a client that waits for it, so a refused upload is never sent at all).
 */
export async function parseBody(req: IncomingMessage, limits: BodyLimits, beforeReading?: () => void): Promise<ParsedBody> {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  const declared = declaredLength(req);
  const hasBody = (declared ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return EMPTY;
  if (declared !== null && declared > limits.maxBodyBytes) {
    const refusal = tooLarge(`body is larger than ${limits.maxBodyBytes} bytes`);
    refusedUnread.add(refusal);
    throw refusal;
  }
  beforeReading?.();
  if (type.startsWith('multipart/form-data')) return parseMultipart(req, limits);
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const raw = await readRaw(req, limits.maxBodyBytes);
    const fields = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    checkFields(fields, limits);
    return { fields, files: [], json: undefined };
  }
  if (type.startsWith('application/json') || type === '') {
    const raw = await readRaw(req, limits.maxBodyBytes);
    if (raw.length === 0) return EMPTY;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new ApiError('103', { detail: 'body is not valid JSON' });
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new ApiError('103', { detail: 'JSON body must be an object' });
    }
    const json = parsed as Record<string, unknown>;
    const strings: Record<string, string> = {};
    for (const [k, v] of Object.entries(json)) if (typeof v === 'string') strings[k] = v;
    checkFields(strings, limits);
    if (Object.keys(json).length > limits.maxFields) throw tooLarge(`more than ${limits.maxFields} fields`);
    return { fields: strings, files: [], json };
  }
  throw new ApiError('unsupported_media_type', { detail: `content type ${type} is not accepted` });
}
