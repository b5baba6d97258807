/**
 * The sandbox's stand-in for https://checkout.razorpay.com/v1/checkout.js, served by the API.
 * It defines `window.Razorpay` with the interface the checkout page uses — `new Razorpay(options)`,
 * `.open()`, `.close()`, `.on('payment.failed', cb)`, `options.handler`, `options.modal.ondismiss` —
 * and shows an accessible dialog with Pay and Fail buttons. Pay asks the API to sign a payment the
 * way Razorpay would, so the page's verify call runs exactly as with the real provider.
 *
 * Plain ES2017 for any browser, no dependencies, styles inline, text set with textContent only
 * (options come from the page, never parsed as HTML).
 */
export const SANDBOX_CHECKOUT_SCRIPT = String.raw`(function () {
  'use strict';
  var PAY_URL = '/api/payments/sandbox/pay';
  var FOCUSABLE = 'button:not([disabled])';

  function formatAmount(paise, currency) {
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR', minimumFractionDigits: 2 }).format(paise / 100);
    } catch (error) {
      return '\u20B9' + (paise / 100).toFixed(2);
    }
  }

  function element(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.style.cssText = style;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function SandboxCheckout(options) {
    if (!(this instanceof SandboxCheckout)) return new SandboxCheckout(options);
    this.options = options || {};
    this.failureListeners = [];
    this.overlay = null;
  }

  SandboxCheckout.isSandbox = true;

  SandboxCheckout.prototype.on = function (event, listener) {
    if (event === 'payment.failed' && typeof listener === 'function') this.failureListeners.push(listener);
    return this;
  };

  SandboxCheckout.prototype.open = function () {
    if (this.overlay) return;
    var self = this;
    var options = this.options;
    var color = (options.theme && options.theme.color) || '#1f5a41';
    var amount = formatAmount(Number(options.amount) || 0, options.currency);
    var titleId = 'sandbox-checkout-title-' + Date.now();

    this.returnFocus = document.activeElement;
    this.overlay = element('div', 'position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(20,28,24,0.6);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;');
    var dialog = element('div', 'position:relative;box-sizing:border-box;width:100%;max-width:380px;background:#fff;color:#1f2a24;border-radius:12px;border-top:6px solid #1f5a41;box-shadow:0 12px 40px rgba(0,0,0,0.3);padding:20px 20px 16px;');
    // Set as properties, not concatenated into cssText, so a colour cannot smuggle in other styles;
    // the browser ignores an invalid colour and keeps the default.
    dialog.style.borderTopColor = color;
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', titleId);

    var close = element('button', 'position:absolute;top:8px;right:8px;width:36px;height:36px;border:0;border-radius:50%;background:transparent;color:#1f2a24;font-size:22px;line-height:1;cursor:pointer;', '\u00D7');
    close.type = 'button';
    close.setAttribute('aria-label', 'Close payment window');

    var title = element('h2', 'margin:0 40px 4px 0;font-size:18px;', options.name || 'Payment');
    title.id = titleId;
    var notice = element('p', 'margin:0 0 12px;font-size:13px;color:#4a5a52;', 'Sandbox payment: no real money moves.');
    var description = element('p', 'margin:0 0 8px;font-size:15px;', options.description || '');
    var amountLine = element('p', 'margin:0 0 4px;font-size:28px;font-weight:700;', amount);
    var orderLine = element('p', 'margin:0 0 16px;font-size:13px;color:#4a5a52;word-break:break-all;', 'Order ' + (options.order_id || ''));
    var status = element('p', 'min-height:20px;margin:0 0 12px;font-size:14px;');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');

    var actions = element('div', 'display:flex;gap:8px;');
    var pay = element('button', 'flex:1;min-height:44px;border:0;border-radius:8px;background:#1f5a41;color:#fff;font-size:16px;font-weight:600;cursor:pointer;', 'Pay ' + amount);
    pay.style.background = color;
    pay.type = 'button';
    var fail = element('button', 'flex:1;min-height:44px;border:2px solid #b42318;border-radius:8px;background:#fff;color:#b42318;font-size:16px;font-weight:600;cursor:pointer;', 'Fail');
    fail.type = 'button';
    fail.setAttribute('aria-label', 'Fail the payment (sandbox)');
    actions.appendChild(pay);
    actions.appendChild(fail);

    [close, title, notice, description, amountLine, orderLine, status, actions].forEach(function (node) {
      dialog.appendChild(node);
    });
    this.overlay.appendChild(dialog);

    function setBusy(busy, message) {
      pay.disabled = busy;
      fail.disabled = busy;
      status.style.color = '#1f2a24';
      status.textContent = message || '';
    }

    function showProblem(message) {
      setBusy(false);
      status.style.color = '#b42318';
      status.textContent = message;
      pay.focus();
    }

    pay.addEventListener('click', function () {
      setBusy(true, 'Processing payment\u2026');
      self.submit('success').then(function (result) {
        if (result.ok && result.body && result.body.razorpay_signature) {
          self.teardown();
          if (typeof options.handler === 'function') options.handler(result.body);
        } else {
          showProblem((result.body && result.body.message) || 'The payment could not be made. Please try again.');
        }
      });
    });

    fail.addEventListener('click', function () {
      setBusy(true, 'Processing payment\u2026');
      self.submit('failure').then(function (result) {
        var body = result.body || {};
        var error = body.paymentError || {
          code: 'BAD_REQUEST_ERROR',
          description: body.message || 'Payment failed',
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: options.order_id, payment_id: null },
        };
        // Like Razorpay, the window stays open after a failure so the customer can retry or close it.
        showProblem('Payment failed. You can try again or close this window.');
        self.failureListeners.forEach(function (listener) {
          listener({ error: error });
        });
      });
    });

    close.addEventListener('click', function () {
      self.dismiss();
    });

    this.onKeyDown = function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!pay.disabled) self.dismiss();
        return;
      }
      if (event.key !== 'Tab') return;
      var focusable = Array.prototype.slice.call(dialog.querySelectorAll(FOCUSABLE));
      if (focusable.length === 0) return;
      var first = focusable[0];
      var last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      } else if (!dialog.contains(document.activeElement)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', this.onKeyDown, true);

    this.bodyOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // The page behind a modal is out of reach, for pointers and assistive technology alike.
    this.inerted = Array.prototype.filter.call(document.body.children, function (node) {
      return !node.inert;
    });
    this.inerted.forEach(function (node) {
      node.inert = true;
    });
    document.body.appendChild(this.overlay);
    pay.focus();
  };

  SandboxCheckout.prototype.submit = function (outcome) {
    var token = null;
    try {
      token = window.localStorage.getItem('token');
    } catch (error) {
      token = null;
    }
    var headers = { 'content-type': 'application/json', accept: 'application/json' };
    if (token) headers.authorization = 'Bearer ' + token;
    return fetch(PAY_URL, {
      method: 'POST',
      headers: headers,
      body: JSON.stringify({ order_id: this.options.order_id, outcome: outcome }),
    })
      .then(function (response) {
        return response.json().then(
          function (body) {
            return { ok: response.ok, body: body };
          },
          function () {
            return { ok: false, body: null };
          },
        );
      })
      .catch(function () {
        return { ok: false, body: { message: 'The payment service could not be reached. Please try again.' } };
      });
  };

  SandboxCheckout.prototype.dismiss = function () {
    if (!this.overlay) return;
    this.teardown();
    var modal = this.options.modal;
    if (modal && typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  SandboxCheckout.prototype.close = function () {
    this.teardown();
  };

  SandboxCheckout.prototype.teardown = function () {
    if (!this.overlay) return;
    document.removeEventListener('keydown', this.onKeyDown, true);
    this.overlay.parentNode && this.overlay.parentNode.removeChild(this.overlay);
    this.overlay = null;
    (this.inerted || []).forEach(function (node) {
      node.inert = false;
    });
    this.inerted = null;
    document.body.style.overflow = this.bodyOverflow || '';
    if (this.returnFocus && typeof this.returnFocus.focus === 'function') this.returnFocus.focus();
  };

  window.Razorpay = SandboxCheckout;
})();
`;
