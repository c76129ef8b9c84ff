import { afterEach, describe, expect, it, vi } from 'vitest';
import { installExtensionErrorFilter, isExtensionError } from '../../../web/src/lib/extension-errors.ts';

function errorWithStack(message: string, stack: string): Error {
  const e = new Error(message);
  e.stack = stack;
  return e;
}

function rejection(reason: unknown): Event {
  // jsdom has no PromiseRejectionEvent constructor; the handler only reads `reason`.
  const event = new Event('unhandledrejection', { cancelable: true });
  Object.defineProperty(event, 'reason', { value: reason });
  return event;
}

describe('browser-extension errors', () => {
  let uninstall: () => void = () => {};
  afterEach(() => uninstall());

  it('[R-ERR-1] recognises extension errors by message, file or stack, and nothing else', () => {
    const cases: [Parameters<typeof isExtensionError>[0], boolean][] = [
      [{ message: 'Extension context invalidated.' }, true],
      [{ message: 'x', filename: 'chrome-extension://abcdef/content.js' }, true],
      [{ message: 'x', stack: 'Error: x\n    at f (moz-extension://1234/inject.js:1:1)' }, true],
      [{ message: 'x', stack: 'Error: x\n    at safari-extension://com.example/script.js:3:9' }, true],
      [{ message: 'x', filename: 'safari-web-extension://id/x.js' }, true],
      [{ message: "Cannot read properties of undefined (reading 'id')", filename: 'https://shop.test/assets/index.js' }, false],
      [{ message: 'chrome extension is great', stack: 'at https://shop.test/assets/a.js:1:1' }, false],
      [{}, false],
    ];
    for (const [clues, expected] of cases) expect(isExtensionError(clues), JSON.stringify(clues)).toBe(expected);
  });

  it('[R-ERR-1] an extension error event is suppressed with a warning only', () => {
    const warn = vi.fn();
    uninstall = installExtensionErrorFilter(window, warn);
    const event = new ErrorEvent('error', { message: 'Uncaught Error: boom', filename: 'chrome-extension://abc/content.js', cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/browser extension/);
  });

  it('[R-ERR-1] an extension promise rejection is suppressed with a warning only', () => {
    const warn = vi.fn();
    uninstall = installExtensionErrorFilter(window, warn);
    const event = rejection(new Error('Extension context invalidated.'));
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    const fromStack = rejection(errorWithStack('x', 'Error: x\n    at moz-extension://id/a.js:1:1'));
    window.dispatchEvent(fromStack);
    expect(fromStack.defaultPrevented).toBe(true);
  });

  it("[R-ERR-1] the app's own errors and rejections go through untouched", () => {
    const warn = vi.fn();
    uninstall = installExtensionErrorFilter(window, warn);
    const own = new ErrorEvent('error', {
      message: 'TypeError: x is undefined',
      filename: 'https://shop.test/assets/index.js',
      error: errorWithStack('x is undefined', 'TypeError: x is undefined\n    at https://shop.test/assets/index.js:1:1'),
      cancelable: true,
    });
    window.dispatchEvent(own);
    const ownRejection = rejection(new Error('Request failed (500).'));
    window.dispatchEvent(ownRejection);
    expect(own.defaultPrevented).toBe(false);
    expect(ownRejection.defaultPrevented).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('[R-ERR-1] once removed, the filter no longer touches errors', () => {
    const warn = vi.fn();
    installExtensionErrorFilter(window, warn)();
    const event = new ErrorEvent('error', { message: 'Extension context invalidated.', cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });
});
