import type { RequestHandler } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer, { MulterError } from 'multer';
import { badInput, IMAGE_EXTENSIONS, MAX_IMAGE_BYTES } from '../../domain/index.js';
import { requireAdmin } from '../../http/auth.js';
import { reencodeImage } from '../../images/pipeline.js';
import type { Ports } from '../../ports.js';
import { endpoints } from '../../api/endpoints.js';
import { endpointRouter, handle } from '../../http/endpoint.js';

/** POST /api/upload (admin): one image in the field `image`, checked by its bytes (before decoding: sharp reads many
 *  more formats, e.g. SVG, which must not pass), re-encoded to WebP (metadata and anything appended dropped, copies
 *  at a few widths) and stored under a random name; answers the main file's path. */
export function uploadRoutes({ auth, files }: Ports) {
  const router = endpointRouter('/api/upload');
  // Kept in memory (at most MAX_IMAGE_BYTES) so nothing touches the disk before the bytes are checked.
  const receive = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 },
  });

  // Multer's own limits are MulterErrors (413/400 in http/errors.ts); anything else it reports is the multipart
  // parser failing on the client's body (truncated, malformed headers...): a 400, not a 500.
  const single = receive.single('image');
  const receiveImage: RequestHandler = (req, res, next) =>
    single(req, res, (err?: unknown) =>
      next(err && !(err instanceof MulterError) ? badInput('Upload refused: the multipart body is malformed') : err),
    );

  handle(router, endpoints.imageUpload, requireAdmin(auth), receiveImage, async (req, res) => {
    if (!req.file) throw badInput("No image received: send a JPEG, PNG or WebP file in the field 'image'");
    const type = await fileTypeFromBuffer(req.file.buffer);
    if (!type || !Object.hasOwn(IMAGE_EXTENSIONS, type.mime))
      throw badInput('Images only: JPEG, PNG or WebP (the file content is not one of these)');
    const path = await files.saveImage(await reencodeImage(req.file.buffer));
    res.status(201).type('text/plain').send(path);
  });

  return router;
}
