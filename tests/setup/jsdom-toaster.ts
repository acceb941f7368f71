import { act } from 'react';

/**
 * What view tests in jsdom need for the shell's Toaster (react-hot-toast):
 * - jsdom has no `window.matchMedia`, which the library asks whether the player prefers reduced
 *   motion: here no query matches ("no preference"), as on most phones;
 * - the library measures each toast's height with a MutationObserver whose callback updates its
 *   store, which React sees as an update outside `act` (jsdom delivers mutation records in a
 *   microtask after the test's `act` ended). Records from inside the toaster are delivered within
 *   `act`, as a browser would paint them; every other observer (Testing Library's) is untouched.
 */
if (typeof window !== 'undefined') {
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }

  const Native = window.MutationObserver;
  const inToaster = (node: Node): boolean => {
    const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
    return element?.closest('[data-rht-toaster]') != null;
  };
  /** An observer set on a toast (the library's height measure) delivers its records within act. */
  class ToasterAwareObserver extends Native {
    private watchesToast = false;
    constructor(callback: MutationCallback) {
      super((records, observer) => {
        if (this.watchesToast) act(() => callback(records, observer));
        else callback(records, observer);
      });
    }
    observe(target: Node, options?: MutationObserverInit): void {
      if (inToaster(target)) this.watchesToast = true;
      super.observe(target, options);
    }
  }
  window.MutationObserver = ToasterAwareObserver;
  globalThis.MutationObserver = ToasterAwareObserver;
}
