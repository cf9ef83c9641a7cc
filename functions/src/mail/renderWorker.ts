// The mail rendering thread (mail/threadRenderer.ts): React Email's render of one recorded message per request,
// off the event loop that answers the shop's requests (issue 42: a sale's accepted orders each render a mail).
import { parentPort } from 'node:worker_threads';
import { isMailTemplate, type MailData } from './templates/index.js';
import { renderMail } from './render.js';

export interface RenderRequest {
  id: number;
  template: string;
  data: Record<string, unknown>;
  origin: string;
  timeZone: string;
}

export type RenderAnswer =
  { id: number; mail: { subject: string; html: string; text: string } } | { id: number; error: string };

parentPort?.on('message', (request: RenderRequest) => {
  const { id, template, data, origin, timeZone } = request;
  const answer = async (): Promise<RenderAnswer> => {
    if (!isMailTemplate(template)) throw new Error(`Unknown mail template "${template}"`);
    const url = (path: string) => new URL(path, origin).href;
    return { id, mail: await renderMail(template, data as unknown as MailData[typeof template], url, timeZone) };
  };
  answer().then(
    (done) => parentPort?.postMessage(done),
    (error: unknown) =>
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) } as RenderAnswer),
  );
});
