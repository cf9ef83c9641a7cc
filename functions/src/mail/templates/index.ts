// The template library: each message the shop sends, by name, with its subject and how the data recorded in the
// outbox (paths, not URLs: the shop's origin is applied when the message is rendered; times as ISO strings, shown in
// the zone recorded with the message or else the renderer's) becomes the template's props.
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
  OwnerOrderRequest,
  mailTime,
  type CancelReason,
  type OrderSummary,
  type OwnerRequestKind,
  type SummaryLine,
} from './OrderMails.js';
import { OrderRefunded, type RefundFigures } from './OrderRefunded.js';
import { EmailChanged } from './EmailChanged.js';
import { PasswordChanged, type PasswordChangedProps } from './PasswordChanged.js';
import { PasswordReset } from './PasswordReset.js';
import { Welcome } from './Welcome.js';
import { CartReminder } from './CartReminder.js';
import { BackInStock, LowStock, StockAlertConfirm, itemName } from './StockAlertMails.js';
import { paths } from '../../domain/routes.js';
import { MODULE_MAILS, type ModuleMailData } from '../../modules/index.js';

/** The data each template is recorded with (JSON): the shop's own, and the capability modules' (each module's
 *  `mails`, modules/index.ts MODULE_MAILS: the gift card's recipient's, modules/giftCards/mail.tsx). */
export type MailData = ShopMailData & ModuleMailData;

/** The shop's own templates' data. */
export interface ShopMailData {
  /** Issue 41: a guest's (or an unverified address's) back-in-stock alert waits for this link. */
  'stock-alert-confirm': { productName: string; variantLabel: string; confirmPath: string; unsubscribePath: string };
  /** Issue 40: to each admin, once per item and fall to the low-stock threshold. */
  'low-stock': {
    productName: string;
    variantLabel: string;
    sku: string;
    countInStock: number;
    threshold: number;
    productPath: string;
  };
  /** Issue 41: the item is back (one per alert and restock). */
  'back-in-stock': { productName: string; variantLabel: string; productPath: string; unsubscribePath: string };
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
  /** Issue 38: the parcel left; carrier and tracking number when given (a known carrier's are linked). */
  'order-shipped': OrderMailData & { shippedAt: string; carrier?: string; trackingNumber?: string };
  /** A return approved (issue 38): what to do next (send it; the refund comes once it arrives). */
  'order-return-approved': OrderMailData;
  'order-delivered': OrderMailData & { deliveredAt: string; carrier?: string; trackingNumber?: string };
  /** Cancelled by the customer or expired unpaid: one message, the reason telling them apart. */
  'order-cancelled': OrderMailData & { reason: CancelReason };
  /** To the customer when a refund went through (one message per refund). */
  'order-refunded': OrderMailData & RefundFigures;
  /** Issue 41: a signed-in cart left idle (modules/cartReminders/sweep.ts): its lines, the cart, the one-click
   *  unsubscribe. */
  'cart-reminder': {
    name: string;
    lines: { name: string; qty: number }[];
    cartPath: string;
    unsubscribePath: string;
  };
  /** To ORDER_ALERT_EMAIL, else to each admin, when an order is paid. */
  'owner-order-paid': OrderMailData & { customerEmail: string };
  /** Issue 38: to the same owners, when a customer asks to cancel a paid order or to return items. */
  'owner-order-request': OrderMailData & {
    customerEmail: string;
    kind: OwnerRequestKind;
    reason: string;
    requestedAt: string;
    /** A return's lines; empty for a cancellation. */
    items: Pick<SummaryLine, 'name' | 'variantLabel' | 'sku' | 'qty'>[];
  };
}

/** What every order message is recorded with: the order's summary and its page's path (paths.order.href). */
export interface OrderMailData {
  order: OrderSummary;
  orderPath: string;
  /** The shop's time zone when the change recorded it (mail/orderMails.ts MailContext); absent: the renderer's. */
  timeZone?: string;
}

export type MailTemplate = keyof MailData;

/** How a message is rendered besides its data: links from the shop's origin, times in the shop's zone. */
export interface RenderContext {
  url: (path: string) => string;
  /** The zone in force when rendering (settings); a zone recorded with the message wins. */
  timeZone: string;
}

/** A template: the message's subject and its React Email element, from the data it was recorded with. */
export interface MailDefinition<D> {
  subject(data: D, context: RenderContext): string;
  element(data: D, context: RenderContext): ReactElement;
}

type Definition<T extends MailTemplate> = MailDefinition<MailData[T]>;

/** The welcome and the "confirm again" messages: one template, `again` telling them apart. */
function confirmEmail(again: boolean): Definition<'welcome'>['element'] {
  return (d, { url }) =>
    createElement(Welcome, {
      name: d.name,
      verifyUrl: url(d.verifyPath),
      expiresInHours: d.expiresInHours,
      shopUrl: url(paths.home.href()),
      ...(again ? { again } : {}),
    });
}

/** An order message's time zone: the one recorded with it, else the renderer's. */
const zoneOf = (d: OrderMailData, context: RenderContext) => d.timeZone ?? context.timeZone;

/** The order messages' common props: the summary, the order page and the shop, as absolute URLs, the time zone. */
const orderProps = (d: OrderMailData, context: RenderContext) => ({
  order: d.order,
  orderUrl: context.url(d.orderPath),
  shopUrl: context.url(paths.home.href()),
  timeZone: zoneOf(d, context),
});

export const SHOP_TEMPLATES: { [T in keyof ShopMailData]: Definition<T> } = {
  'stock-alert-confirm': {
    subject: (d) => `Confirm your alert for ${itemName(d.productName, d.variantLabel)}`,
    element: (d, { url }) =>
      createElement(StockAlertConfirm, {
        productName: d.productName,
        variantLabel: d.variantLabel,
        confirmUrl: url(d.confirmPath),
        unsubscribeUrl: url(d.unsubscribePath),
        shopUrl: url('/'),
      }),
  },
  'low-stock': {
    subject: (d) => `Low stock: ${itemName(d.productName, d.variantLabel)}, ${d.countInStock} left`,
    element: (d, { url }) =>
      createElement(LowStock, {
        productName: d.productName,
        variantLabel: d.variantLabel,
        sku: d.sku,
        countInStock: d.countInStock,
        threshold: d.threshold,
        productUrl: url(d.productPath),
        shopUrl: url('/'),
      }),
  },
  'back-in-stock': {
    subject: (d) => `Back in stock: ${itemName(d.productName, d.variantLabel)}`,
    element: (d, { url }) =>
      createElement(BackInStock, {
        productName: d.productName,
        variantLabel: d.variantLabel,
        productUrl: url(d.productPath),
        unsubscribeUrl: url(d.unsubscribePath),
        shopUrl: url('/'),
      }),
  },
  'password-reset': {
    subject: () => 'Reset your Voltshop password',
    element: (d, { url }) =>
      createElement(PasswordReset, {
        name: d.name,
        resetUrl: url(d.resetPath),
        expiresInMinutes: d.expiresInMinutes,
        shopUrl: url('/'),
      }),
  },
  'password-changed': {
    subject: () => 'Your Voltshop password was changed',
    element: (d, { url }) =>
      createElement(PasswordChanged, {
        name: d.name,
        how: d.how,
        forgotUrl: url(paths.forgotPassword.href()),
        shopUrl: url('/'),
      }),
  },
  'email-changed': {
    subject: () => 'The email address of your Voltshop account was changed',
    element: (d, { url }) =>
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
  'cart-reminder': {
    subject: () => 'Your Voltshop cart is waiting for you',
    element: (d, { url }) =>
      createElement(CartReminder, {
        name: d.name,
        lines: d.lines,
        cartUrl: url(d.cartPath),
        unsubscribeUrl: url(d.unsubscribePath),
        shopUrl: url(paths.home.href()),
      }),
  },
  'order-placed': {
    subject: (d) => `Your Voltshop order ${d.order.number}: please pay to complete it`,
    element: (d, c) => createElement(OrderPlaced, { ...orderProps(d, c), expiresAt: d.expiresAt }),
  },
  'order-reminder': {
    subject: (d, c) =>
      `Reminder: please pay for your Voltshop order ${d.order.number} by ${mailTime(d.expiresAt, zoneOf(d, c))}`,
    element: (d, c) => createElement(OrderHoldReminder, { ...orderProps(d, c), expiresAt: d.expiresAt }),
  },
  'order-paid': {
    subject: (d) => `Receipt for your Voltshop order ${d.order.number}`,
    element: (d, c) => createElement(OrderPaid, { ...orderProps(d, c), paidAt: d.paidAt }),
  },
  'order-shipped': {
    subject: (d) => `Your Voltshop order ${d.order.number} is on its way`,
    element: (d, c) =>
      createElement(OrderShipped, {
        ...orderProps(d, c),
        shippedAt: d.shippedAt,
        carrier: d.carrier ?? null,
        trackingNumber: d.trackingNumber ?? null,
      }),
  },
  'order-delivered': {
    subject: (d) => `Your Voltshop order ${d.order.number} was delivered`,
    element: (d, c) =>
      createElement(OrderDelivered, {
        ...orderProps(d, c),
        deliveredAt: d.deliveredAt,
        carrier: d.carrier ?? null,
        trackingNumber: d.trackingNumber ?? null,
      }),
  },
  'order-return-approved': {
    subject: (d) => `Your return for Voltshop order ${d.order.number} is approved`,
    element: (d, c) => createElement(OrderReturnApproved, orderProps(d, c)),
  },
  'order-cancelled': {
    subject: (d) =>
      d.reason === 'expired'
        ? `Your Voltshop order ${d.order.number} expired unpaid`
        : `Your Voltshop order ${d.order.number} was cancelled`,
    element: (d, c) => createElement(OrderCancelled, { ...orderProps(d, c), reason: d.reason }),
  },
  'order-refunded': {
    subject: (d) =>
      d.cancelled
        ? `Your Voltshop order ${d.order.number} was cancelled and refunded`
        : `Refund for your Voltshop order ${d.order.number}`,
    element: (d, c) =>
      createElement(OrderRefunded, {
        ...orderProps(d, c),
        amountCents: d.amountCents,
        refundedCents: d.refundedCents,
        reason: d.reason,
        refundedAt: d.refundedAt,
        cancelled: d.cancelled,
        ...(d.refundedTo ? { refundedTo: d.refundedTo } : {}),
      }),
  },
  'owner-order-paid': {
    subject: (d) => `Paid order ${d.order.number} from ${d.order.name || 'a guest'}`,
    element: (d, c) => createElement(OwnerOrderPaid, { ...orderProps(d, c), customerEmail: d.customerEmail }),
  },
  'owner-order-request': {
    subject: (d) =>
      `${d.kind === 'return' ? 'Return' : 'Cancellation'} requested for order ${d.order.number} by ${d.order.name || 'a guest'}`,
    element: (d, c) =>
      createElement(OwnerOrderRequest, {
        ...orderProps(d, c),
        customerEmail: d.customerEmail,
        kind: d.kind,
        reason: d.reason,
        requestedAt: d.requestedAt,
        items: d.items,
      }),
  },
};

/** Every template: the shop's and the modules' (each name once: test/mailTemplates.test.ts). */
export const TEMPLATES: { [T in MailTemplate]: Definition<T> } = { ...SHOP_TEMPLATES, ...MODULE_MAILS };

export const isMailTemplate = (name: string): name is MailTemplate => Object.hasOwn(TEMPLATES, name);
