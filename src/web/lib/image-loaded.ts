/**
 * A ref for an <img> that also has `onLoad`: calls `done` when the image had already loaded by the time React
 * attached to it. An image in server-rendered HTML can load before hydration, and its load event then fires
 * before anyone listens.
 */
export const loadedBeforeHydration = (done: () => void) => (img: HTMLImageElement | null) => {
  if (img?.complete && img.naturalWidth > 0) done();
};
