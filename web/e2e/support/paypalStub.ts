// A stand-in for PayPal's JS SDK (https://www.paypal.com/sdk/js), served through page.route so the real
// @paypal/react-paypal-js code path runs with no network: it defines window.paypal.Buttons(options) the
// way the library expects (isEligible, render, close, updateProps, onInit actions) and renders a real
// button. Clicking it calls the createOrder and onApprove callbacks the library passed, whose
// actions.order.create / capture call PayPal's REST API at api-m.sandbox.paypal.com (routed to the fake).
import type { Page, Route } from 'playwright-core';

export const PAYPAL_API = 'https://api-m.sandbox.paypal.com';

export const SDK_STUB = `
(function () {
  var API = ${JSON.stringify(PAYPAL_API)};
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
            return fetch(API + '/v2/checkout/orders', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Authorization: 'Bearer browser-sdk' },
              body: JSON.stringify(body),
            }).then(json).then(function (order) { return order.id; });
          },
        },
      };
      return Promise.resolve(options.createOrder({ paymentSource: 'paypal' }, createActions))
        .then(function (orderID) {
          window.__paypalStub.created.push(orderID);
          var approveActions = {
            order: {
              capture: function () {
                return fetch(API + '/v2/checkout/orders/' + orderID + '/capture', {
                  method: 'POST',
                  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer browser-sdk' },
                }).then(json);
              },
              get: function () {
                return fetch(API + '/v2/checkout/orders/' + orderID).then(json);
              },
            },
          };
          return options.onApprove({ orderID: orderID, payerID: 'STUBPAYER', paymentSource: 'paypal' }, approveActions);
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
  window.__paypalStub = { created: [], scriptUrl: document.currentScript && document.currentScript.src };
  window.paypal = { version: '5.0.0-stub', Buttons: Buttons, FUNDING: { PAYPAL: 'paypal', CARD: 'card' } };
})();
`;

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
      headers: { 'Content-Type': 'application/json', ...(req.headers().authorization ? { Authorization: req.headers().authorization } : {}) },
      body: req.method() === 'GET' || req.method() === 'HEAD' ? undefined : (req.postData() ?? undefined),
    });
    await route.fulfill({
      status: res.status,
      headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' },
      body: await res.text(),
    });
  });
  return sdkRequests;
}
