// Element Timing (https://w3c.github.io/element-timing/): an image with this attribute is reported to
// PerformanceObserver when it is painted (shell/src/start-app.js waits for a page's main pictures).
import 'react';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration repeats React's type parameter
  interface ImgHTMLAttributes<T> {
    elementtiming?: string;
  }
}
