declare global {
  interface Window {
    dataLayer: unknown[];
    gtag: (...args: unknown[]) => void;
  }
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

/**
 * The standard Google tag command queue. Commands wait in window.dataLayer; the tag itself
 * is only ever loaded by an analytics integration after consent, so nothing leaves the page here.
 */
export function getGtag(): Window['gtag'] {
  window.dataLayer = window.dataLayer ?? [];
  if (typeof window.gtag !== 'function') {
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- the tag reads the arguments object itself
      window.dataLayer.push(arguments);
    };
  }
  return window.gtag;
}
