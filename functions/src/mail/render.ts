// Renders a recorded message (template name + data) to the email: subject, HTML and plain text (React Email).
import { render } from '@react-email/render';
import type { MailRenderer } from './outboxWorker.js';
import { isMailTemplate, TEMPLATES, type MailData, type MailTemplate } from './templates/index.js';

/** `origin`: PUBLIC_URL, or in development the server's own origin. Links are `origin` + the recorded path. */
export function mailRenderer(origin: string): MailRenderer {
  const url = (path: string) => new URL(path, origin).href;
  return async (template, data) => {
    if (!isMailTemplate(template)) throw new Error(`Unknown mail template "${template}"`);
    return renderMail(template, data as unknown as MailData[typeof template], url);
  };
}

export async function renderMail<T extends MailTemplate>(
  template: T,
  data: MailData[T],
  url: (path: string) => string,
): Promise<{ subject: string; html: string; text: string }> {
  const definition = TEMPLATES[template];
  const element = definition.element(data, url);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: definition.subject(data), html, text };
}
