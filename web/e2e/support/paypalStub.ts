// A stand-in for PayPal's JS SDK (https://www.paypal.com/sdk/js), served through page.route so the real
// @paypal/react-paypal-js code path runs with no network: it defines window.paypal.Buttons(options) the
// way the library expects (isEligible, render, close, updateProps, onInit actions) and renders a real
// button. Clicking it runs PayPal's sequence: createOrder (the app asks the shop's API, whose server creates
// the order at the fake PayPal API), the buyer's approval (in PayPal's window, here a call to the fake's
// /fake/orders/:id/approve at api-m.sandbox.paypal.com, routed to the fake), then onApprove with the orderID
// (the app asks the shop's API to capture). The browser-side actions.order.create/capture exist as in the
// real SDK and are counted, so a test can prove the app never uses them.
import type { Page, Route } from 'playwright-core';

export const PAYPAL_API = 'https://api-m.sandbox.paypal.com';

export const SDK_STUB = `
(function () {
  var API = ${JSON.stringify(PAYPAL_API)};
  var stub = { created: [], browserCreates: 0, browserCaptures: 0, scriptUrl: document.currentScript && document.currentScript.src };
  function json(res) {
    return res.json().then(function (body) {
      if (!res.ok) throw new Error('PayPal API ' + res.status + ': ' + JSON.stringify(body));
      return body;
    });
  }
  function Buttons(options) {
    var container = null;
    var enabled = true;
    var initActions = {
      enable: function () { enabled = true; return Promise.resolve(); },
      disable: function () { enabled = false; return Promise.resolve(); },
    };
    function pay() {
      var createActions = {
        order: {
          create: function (body) {
            stub.browserCreates++;
            return fetch(API + '/v2/checkout/orders', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(body),
            }).then(json).then(function (order) { return order.id; });
          },
        },
      };
      return Promise.resolve(options.createOrder({ paymentSource: 'paypal' }, createActions))
        .then(function (orderID) {
          stub.created.push(orderID);
          // The buyer approves in PayPal's window.
          return fetch(API + '/fake/orders/' + orderID + '/approve', { method: 'POST' }).then(json).then(function () {
            var approveActions = {
              order: {
                capture: function () {
                  stub.browserCaptures++;
                  return fetch(API + '/v2/checkout/orders/' + orderID + '/capture', { method: 'POST' }).then(json);
                },
                get: function () {
                  return fetch(API + '/v2/checkout/orders/' + orderID).then(json);
                },
              },
              restart: function () { return pay(); },
            };
            return options.onApprove({ orderID: orderID, payerID: 'STUBPAYER', paymentSource: 'paypal' }, approveActions);
          });
        })
        .catch(function (err) {
          if (options.onError) options.onError(err);
        });
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        var button = document.createElement('button');
        button.type = 'button';
        button.className = 'btn btn-warning w-100 fw-bold';
        button.textContent = 'PayPal (test stub)';
        button.setAttribute('data-testid', 'paypal-stub-button');
        button.addEventListener('click', function () { if (enabled) pay(); });
        container.appendChild(button);
        if (options.onInit) options.onInit({}, initActions);
        return Promise.resolve();
      },
      updateProps: function () { return Promise.resolve(); },
      close: function () {
        if (container) container.innerHTML = '';
        return Promise.resolve();
      },
    };
  }
  window.__paypalStub = stub;
  window.paypal = { version: '5.0.0-stub', Buttons: Buttons, FUNDING: { PAYPAL: 'paypal', CARD: 'card' } };
})();
`;

/** What the stub recorded in the page. */
export interface PayPalStubRecord {
  created: string[];
  browserCreates: number;
  browserCaptures: number;
}

export const stubRecord = (page: Page) =>
  page.evaluate(() => (window as unknown as { __paypalStub: PayPalStubRecord }).__paypalStub);

/** Serves the SDK stub and forwards PayPal REST calls to the fake PayPal server. Returns the SDK URLs requested. */
export async function routePayPal(page: Page, fakeUrl: string): Promise<string[]> {
  const sdkRequests: string[] = [];
  await page.route('https://www.paypal.com/sdk/js**', (route: Route) => {
    sdkRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: SDK_STUB });
  });
  await page.route(`${PAYPAL_API}/**`, async (route: Route) => {
    const req = route.request();
    const url = new URL(req.url());
    const res = await fetch(fakeUrl + url.pathname + url.search, {
      method: req.method(),
      headers: {
        'Content-Type': 'application/json',
        ...(req.headers().authorization ? { Authorization: req.headers().authorization } : {}),
      },
      body: req.method() === 'GET' || req.method() === 'HEAD' ? undefined : (req.postData() ?? undefined),
    });
    await route.fulfill({
      status: res.status,
      headers: {
        'Content-Type': 'application/json',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
      },
      body: await res.text(),
    });
  });
  return sdkRequests;
}
