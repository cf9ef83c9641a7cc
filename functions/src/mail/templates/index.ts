// The template library: each message the shop sends, by name, with its subject and how the data recorded in the
// outbox (paths, not URLs: the shop's origin is applied when the message is rendered) becomes the template's props.
// Templates are React Email components (this folder); mail/render.ts renders them to HTML and plain text.
import { createElement, type ReactElement } from 'react';
import {
  OrderCancelled,
  OrderDelivered,
  OrderHoldReminder,
  OrderPaid,
  OrderPlaced,
  OrderReturnApproved,
  OrderShipped,
  OwnerOrderPaid,
  mailTime,
  type CancelReason,
  type OrderSummary,
} from './OrderMails.js';
import { OrderRefunded } from './OrderRefunded.js';
import { EmailChanged } from './EmailChanged.js';
import { PasswordChanged, type PasswordChangedProps } from './PasswordChanged.js';
import { PasswordReset } from './PasswordReset.js';
import { Welcome } from './Welcome.js';
import { paths } from '../../domain/routes.js';

/** The data each template is recorded with (JSON). */
export interface MailData {
  'password-reset': { name: string; resetPath: string; expiresInMinutes: number };
  'password-changed': { name: string; how: PasswordChangedProps['how'] };
  welcome: { name: string; verifyPath: string; expiresInHours: number };
  /** To the account's OLD address when its email changed. */
  'email-changed': { name: string; newEmail: string };
  /** A new confirmation link (asked for on the profile, or after an email change). */
  'verify-email': { name: string; verifyPath: string; expiresInHours: number };
  /** To the customer, in the transaction that placed the order: pay by `expiresAt` (ISO) on the order page. */
  'order-placed': OrderMailData & { expiresAt: string | null };
  /** The unpaid-hold reminder, HOLD_REMINDER_MINUTES before `expiresAt` (ISO), from the expiry sweep. */
  'order-reminder': OrderMailData & { expiresAt: string };
  /** The receipt, when the payment is recorded. */
  'order-paid': OrderMailData & { paidAt: string };
  /** Handed to the carrier (issue 38), with the carrier and tracking number given. */
  'order-shipped': OrderMailData & { shippedAt: string; carrier: string | null; trackingNumber: string | null };
  'order-delivered': OrderMailData & { deliveredAt: string };
  /** A return approved (issue 38): what to do next (send it; the refund comes once it arrives). */
  'order-return-approved': OrderMailData;
  /** Cancelled by the customer or expired unpaid: one message, the reason telling them apart. */
  'order-cancelled': OrderMailData & { reason: CancelReason };
  /** To the customer when a refund went through (one message per refund). */
  'order-refunded': OrderMailData & {
    amountCents: number;
    refundedCents: number;
    reason: string;
    refundedAt: string;
    cancelled: boolean;
  };
  /** To ORDER_ALERT_EMAIL, else to each admin, when an order is paid. */
  'owner-order-paid': OrderMailData & { customerEmail: string };
}

/** What every order message is recorded with: the order's summary and its page's path (paths.order.href). */
export interface OrderMailData {
  order: OrderSummary;
  orderPath: string;
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

/** The order messages' common props: the summary, the order page and the shop, as absolute URLs. */
const orderProps = (d: OrderMailData, url: (path: string) => string) => ({
  order: d.order,
  orderUrl: url(d.orderPath),
  shopUrl: url(paths.home.href()),
});

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
  'email-changed': {
    subject: () => 'The email address of your Voltshop account was changed',
    element: (d, url) =>
      createElement(EmailChanged, {
        name: d.name,
        newEmail: d.newEmail,
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
  'order-placed': {
    subject: (d) => `Your Voltshop order ${d.order.number}: please pay to complete it`,
    element: (d, url) => createElement(OrderPlaced, { ...orderProps(d, url), expiresAt: d.expiresAt }),
  },
  'order-reminder': {
    subject: (d) => `Reminder: please pay for your Voltshop order ${d.order.number} by ${mailTime(d.expiresAt)}`,
    element: (d, url) => createElement(OrderHoldReminder, { ...orderProps(d, url), expiresAt: d.expiresAt }),
  },
  'order-paid': {
    subject: (d) => `Receipt for your Voltshop order ${d.order.number}`,
    element: (d, url) => createElement(OrderPaid, { ...orderProps(d, url), paidAt: d.paidAt }),
  },
  'order-shipped': {
    subject: (d) => `Your Voltshop order ${d.order.number} has shipped`,
    element: (d, url) =>
      createElement(OrderShipped, {
        ...orderProps(d, url),
        shippedAt: d.shippedAt,
        carrier: d.carrier,
        trackingNumber: d.trackingNumber,
      }),
  },
  'order-return-approved': {
    subject: (d) => `Your return for Voltshop order ${d.order.number} is approved`,
    element: (d, url) => createElement(OrderReturnApproved, orderProps(d, url)),
  },
  'order-delivered': {
    subject: (d) => `Your Voltshop order ${d.order.number} was delivered`,
    element: (d, url) => createElement(OrderDelivered, { ...orderProps(d, url), deliveredAt: d.deliveredAt }),
  },
  'order-cancelled': {
    subject: (d) =>
      d.reason === 'expired'
        ? `Your Voltshop order ${d.order.number} expired unpaid`
        : `Your Voltshop order ${d.order.number} was cancelled`,
    element: (d, url) => createElement(OrderCancelled, { ...orderProps(d, url), reason: d.reason }),
  },
  'order-refunded': {
    subject: (d) =>
      d.cancelled
        ? `Your Voltshop order ${d.order.number} was cancelled and refunded`
        : `Refund for your Voltshop order ${d.order.number}`,
    element: (d, url) =>
      createElement(OrderRefunded, {
        ...orderProps(d, url),
        amountCents: d.amountCents,
        refundedCents: d.refundedCents,
        reason: d.reason,
        refundedAt: d.refundedAt,
        cancelled: d.cancelled,
      }),
  },
  'owner-order-paid': {
    subject: (d) => `Paid order ${d.order.number} from ${d.order.name}`,
    element: (d, url) => createElement(OwnerOrderPaid, { ...orderProps(d, url), customerEmail: d.customerEmail }),
  },
};

export const isMailTemplate = (name: string): name is MailTemplate => Object.hasOwn(TEMPLATES, name);
