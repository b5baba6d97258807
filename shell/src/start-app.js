// The script a page the server has drawn starts the app with (api/src/web/pages/page-template.ts puts
// it in place of main.js). Kept a plain classic script: the build copies it as it is, minified
// (tools/webpack/start-app-script.js).
//
// Such a page can be read before any JavaScript runs, so the app's code (main.js, named in this
// script's data-main) is requested once the page has been painted: its HTML and CSS have the
// network and the main thread to themselves until then.
(function () {
  var main = document.currentScript.getAttribute('data-main');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.src = main;
    document.head.appendChild(script);
  }

  var supportsPaintTiming = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
  // A tab opened in the background paints only when it is shown: its code starts now.
  if (!supportsPaintTiming || document.visibilityState !== 'visible') return start();
  new PerformanceObserver(function (_list, observer) {
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // Should a browser never report the paint, the page still comes to life.
  setTimeout(start, 2000);
})();
