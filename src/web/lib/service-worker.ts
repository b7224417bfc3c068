/** Registers /sw.js on https or localhost (spec §2), after the page has loaded. */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const { protocol, hostname } = window.location;
  const local = hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
  if (protocol !== 'https:' && !local) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
      console.warn('Service worker registration failed', err);
    });
  };
  // The app is often imported after the load event: a server-rendered page loads it once painted (boot.ts).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
