import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The files as served: the page's first script, and the page that loads it.
import BOOT_SCRIPT from '../../../web/public/theme-boot.js?raw';
import INDEX_HTML from '../../../web/index.html?raw';

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

const errorEvent = (init: ErrorEventInit) => new ErrorEvent('error', { cancelable: true, ...init });

describe('browser-extension errors, filtered by the boot script (R-ERR-1)', () => {
  beforeAll(() => {
    // The page runs the file as a classic script; here it runs once in jsdom's window.
    new Function(BOOT_SCRIPT)();
  });
  afterEach(() => vi.restoreAllMocks());

  it('[R-ERR-1] the filter is the first script of the page, classic and synchronous, so it runs before the first paint and the app', () => {
    const html = INDEX_HTML;
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts[0]).toMatch(/^\s*src="\/theme-boot\.js"\s*$/); // no type=module, async or defer
    expect(html.indexOf('/theme-boot.js')).toBeLessThan(html.indexOf('<body'));
  });

  it('[R-ERR-1] extension errors are recognised by message, file or stack, suppressed and only warned', () => {
    const cases: ErrorEventInit[] = [
      { message: 'Extension context invalidated.' },
      { message: 'x', filename: 'chrome-extension://abcdef/content.js' },
      { message: 'x', error: errorWithStack('x', 'Error: x\n    at f (moz-extension://1234/inject.js:1:1)') },
      { message: 'x', error: errorWithStack('x', 'Error: x\n    at safari-extension://com.example/script.js:3:9') },
      { message: 'x', filename: 'safari-web-extension://id/x.js' },
    ];
    for (const init of cases) {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const event = errorEvent(init);
      window.dispatchEvent(event);
      expect(event.defaultPrevented, JSON.stringify(init)).toBe(true);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/browser extension/);
      warn.mockRestore();
    }
  });

  it('[R-ERR-1] an extension promise rejection is suppressed with a warning only', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const event = rejection(new Error('Extension context invalidated.'));
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    const fromStack = rejection(errorWithStack('x', 'Error: x\n    at moz-extension://id/a.js:1:1'));
    window.dispatchEvent(fromStack);
    expect(fromStack.defaultPrevented).toBe(true);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("[R-ERR-1] the app's own errors and rejections go through untouched", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const own = [
      errorEvent({
        message: 'TypeError: x is undefined',
        filename: 'https://shop.test/assets/index.js',
        error: errorWithStack('x is undefined', 'TypeError: x is undefined\n    at https://shop.test/assets/index.js:1:1'),
      }),
      errorEvent({ message: 'chrome extension is great', error: errorWithStack('chrome extension is great', 'at https://shop.test/assets/a.js:1:1') }),
      errorEvent({}),
      rejection(new Error('Request failed (500).')),
      rejection(undefined),
    ];
    for (const event of own) window.dispatchEvent(event);
    expect(own.map((e) => e.defaultPrevented)).toEqual(own.map(() => false));
    expect(warn).not.toHaveBeenCalled();
  });
});
