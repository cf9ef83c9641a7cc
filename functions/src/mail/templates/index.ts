// The template library: each message the shop sends, by name, with its subject and how the data recorded in the
// outbox (paths, not URLs: the shop's origin is applied when the message is rendered) becomes the template's props.
// Templates are React Email components (this folder); mail/render.ts renders them to HTML and plain text.
import { createElement, type ReactElement } from 'react';
import { PasswordChanged, type PasswordChangedProps } from './PasswordChanged.js';
import { PasswordReset } from './PasswordReset.js';
import { Welcome } from './Welcome.js';
import { paths } from '../../domain/routes.js';

/** The data each template is recorded with (JSON). */
export interface MailData {
  'password-reset': { name: string; resetPath: string; expiresInMinutes: number };
  'password-changed': { name: string; how: PasswordChangedProps['how'] };
  welcome: { name: string; verifyPath: string; expiresInHours: number };
  /** A new confirmation link (asked for on the profile, or after an email change). */
  'verify-email': { name: string; verifyPath: string; expiresInHours: number };
}

export type MailTemplate = keyof MailData;

interface Definition<T extends MailTemplate> {
  subject(data: MailData[T]): string;
  element(data: MailData[T], url: (path: string) => string): ReactElement;
}

/** The welcome and the "confirm again" messages: one template, `again` telling them apart. */
function confirmEmail(again: boolean): Definition<'welcome'>['element'] {
  return (d, url) =>
    createElement(Welcome, {
      name: d.name,
      verifyUrl: url(d.verifyPath),
      expiresInHours: d.expiresInHours,
      shopUrl: url(paths.home.href()),
      ...(again ? { again } : {}),
    });
}

export const TEMPLATES: { [T in MailTemplate]: Definition<T> } = {
  'password-reset': {
    subject: () => 'Reset your Voltshop password',
    element: (d, url) =>
      createElement(PasswordReset, {
        name: d.name,
        resetUrl: url(d.resetPath),
        expiresInMinutes: d.expiresInMinutes,
        shopUrl: url('/'),
      }),
  },
  'password-changed': {
    subject: () => 'Your Voltshop password was changed',
    element: (d, url) =>
      createElement(PasswordChanged, {
        name: d.name,
        how: d.how,
        forgotUrl: url(paths.forgotPassword.href()),
        shopUrl: url('/'),
      }),
  },
  welcome: {
    subject: () => 'Welcome to Voltshop: please confirm your email',
    element: confirmEmail(false),
  },
  'verify-email': {
    subject: () => 'Confirm your email address for Voltshop',
    element: confirmEmail(true),
  },
};

export const isMailTemplate = (name: string): name is MailTemplate => Object.hasOwn(TEMPLATES, name);
