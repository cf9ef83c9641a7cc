// Renders a recorded message (template name + data) to the email: subject, HTML and plain text (React Email).
import { render } from '@react-email/render';
import type { MailRenderer } from './outboxWorker.js';
import { DEFAULT_TIME_ZONE, usableTimeZone } from '../domain/timeZones.js';
import { isMailTemplate, TEMPLATES, type MailData, type MailTemplate } from './templates/index.js';

export interface MailRendererOptions {
  /** The shop's time zone in force (settings `timeZone`), read per message: a message recorded without one shows
   *  its times in it (issue 38). Absent, or failing: UTC. */
  timeZone?: () => Promise<string>;
}

/** The shop's time zone as the settings store has it now (each call reads: a save shows in the next message). */
export const settingsTimeZone =
  (settings: { get(): Promise<{ timeZone?: string } | null> }): (() => Promise<string>) =>
  async () =>
    (await settings.get())?.timeZone ?? DEFAULT_TIME_ZONE;

/** `origin`: PUBLIC_URL, or in development the server's own origin. Links are `origin` + the recorded path. */
export function mailRenderer(origin: string, options: MailRendererOptions = {}): MailRenderer {
  const url = (path: string) => new URL(path, origin).href;
  return async (template, data) => {
    if (!isMailTemplate(template)) throw new Error(`Unknown mail template "${template}"`);
    // A settings read that fails must not hold the message back: it goes out in UTC.
    const timeZone = options.timeZone ? await options.timeZone().catch(() => DEFAULT_TIME_ZONE) : DEFAULT_TIME_ZONE;
    return renderMail(template, data as unknown as MailData[typeof template], url, timeZone);
  };
}

export async function renderMail<T extends MailTemplate>(
  template: T,
  data: MailData[T],
  url: (path: string) => string,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<{ subject: string; html: string; text: string }> {
  const definition = TEMPLATES[template];
  const context = { url, timeZone: usableTimeZone(timeZone) };
  const element = definition.element(data, context);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: definition.subject(data, context), html, text };
}
