import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { errorKeys } from '@kabuto/contracts/errors';
import { Refusal, refuse } from '../errors/public.ts';
import type { MultipartSpec, RawAnswer, UploadedFile } from './route.ts';

// Room for the form fields and part headers around the file in one request.
const formOverheadBytes = 64 * 1024;

/**
 * Gives a multipart route its own scope with the multipart parser, so that no JSON route
 * ever accepts a form body (they keep answering 415 to one).
 */
export function registerMultipartScope(app: FastifyInstance, addRoute: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    // Busboy stops a file at fileSize and marks it truncated; we read that as "too large" instead of an error.
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    addRoute(scope);
  });
}

/** Reads the form fields (for the contract) and the one file part of a multipart request. */
export async function readMultipart(
  req: FastifyRequest,
  spec: MultipartSpec,
): Promise<{ fields: Record<string, unknown>; file: UploadedFile | undefined }> {
  if (!req.isMultipart()) throw refuse(errorKeys.request.invalid);
  // Refused before reading when the client already says the body is too large.
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > spec.maxFileBytes + formOverheadBytes) throw refuse(errorKeys.upload.tooLarge);
  const fields: Record<string, unknown> = {};
  let file: UploadedFile | undefined;
  try {
    const parts = req.parts({
      limits: { fileSize: spec.maxFileBytes + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 20 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated || part.fieldname in fields)
          throw refuse(errorKeys.request.invalid);
        fields[part.fieldname] = part.value;
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        chunks.push(chunk);
      }
      if (part.fieldname !== spec.fileField) throw refuse(errorKeys.request.invalid);
      file = { bytes: Buffer.concat(chunks), tooLarge: part.file.truncated || size > spec.maxFileBytes };
    }
  } catch (err) {
    if (err instanceof Refusal) throw err;
    // Malformed multipart, a second file, too many fields: the request is not what the contract says.
    throw refuse(errorKeys.request.invalid);
  }
  return { fields, file };
}

/** Sends the bytes of a raw route as they are, with the headers the handler chose. */
export function sendRaw(reply: FastifyReply, answer: RawAnswer): FastifyReply {
  return reply
    .code(200)
    .headers({ ...answer.headers })
    .type(answer.contentType)
    .send(answer.bytes);
}
