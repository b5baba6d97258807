import { loadFeatureMessages } from '../../lib/messages';
import HomeBelowTheFold from './components/home-below-the-fold';

/**
 * The home page's sections after the featured flowers (testimonials, the export story, the
 * newsletter), once their messages are in, in the page's language. The home page loads this module
 * only as the visitor scrolls towards them, so its first load carries neither their code nor their text.
 */
export function loadWithMessages(): Promise<{ default: typeof HomeBelowTheFold }> {
  return loadFeatureMessages('home-below-the-fold').then(() => ({ default: HomeBelowTheFold }));
}
