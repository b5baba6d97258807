// The script a page the server has drawn starts the app with (api/src/web/pages/page-template.ts puts
// it in place of main.js). Kept a plain classic script: the build copies it as it is, minified
// (tools/webpack/start-app-script.js).
//
// Such a page can be read before any JavaScript runs, so the app's code (main.js, named in this
// script's data-main) runs once the page has been painted with its main pictures (those it marks
// with an elementtiming attribute: a product's photo, the first cards of a list), and never holds
// up that paint. The page preloads main.js at low priority, so it is usually here by then.
(function () {
  var main = document.currentScript.getAttribute('data-main');
  var started = false;
  var observer = null;
  function start() {
    if (started) return;
    started = true;
    if (observer) observer.disconnect();
    var script = document.createElement('script');
    script.src = main;
    document.head.appendChild(script);
  }

  var entryTypes = (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes) || [];
  // A tab opened in the background paints only when it is shown: its code starts now.
  if (entryTypes.indexOf('paint') === -1 || document.visibilityState !== 'visible') return start();

  var pictures = [].slice.call(document.querySelectorAll('img[elementtiming]'));
  var shownPictures = [];
  var painted = false;
  function startIfShown() {
    if (painted && shownPictures.length === pictures.length) start();
  }
  function pictureShown(picture) {
    if (shownPictures.indexOf(picture) !== -1) return;
    shownPictures.push(picture);
    startIfShown();
  }
  observer = new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) {
      // Not 'first-paint', which can be the background alone.
      if (entry.name === 'first-contentful-paint') painted = true;
      else if (pictures.indexOf(entry.element) !== -1) pictureShown(entry.element);
    });
    startIfShown();
  });
  observer.observe({ type: 'paint', buffered: true });
  // Element Timing tells when each picture was painted. Without it, for a picture out of view (never
  // painted), and for one painted long after it arrived (headless Chromium reported a picture that
  // arrived at 0.6 s as painted at 3.9 s), a picture counts as shown a moment after it has arrived.
  if (entryTypes.indexOf('element') !== -1) observer.observe({ type: 'element', buffered: true });
  pictures.forEach(function (picture) {
    function arrived() {
      setTimeout(function () {
        pictureShown(picture);
      }, 250);
    }
    if (picture.complete) return arrived();
    picture.addEventListener('load', arrived);
    picture.addEventListener('error', arrived);
  });
  // However slow the pictures, the page comes to life.
  setTimeout(start, 3000);
})();
