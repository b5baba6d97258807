import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LANGUAGE_COOKIE, pathInLanguage } from '@thalir/pages';
import { useLanguage } from '@thalir/ui';
import { rememberLanguage } from './language-switch';

/** Whether the browser asks for Tamil before English (the visitor's settings, never acted on by themselves). */
function prefersTamil(): boolean {
  const languages = navigator.languages.map((language) => language.toLowerCase().split('-')[0]);
  const tamil = languages.indexOf('ta');
  const english = languages.indexOf('en');
  return tamil !== -1 && (english === -1 || tamil < english);
}

/**
 * On an English page, to a visitor whose browser asks for Tamil and who has not chosen a language:
 * a note, in Tamil, that the page is in Tamil too. Nobody is moved; the note floats over the page
 * (it shifts nothing), appears only once the app runs, and goes for good with either choice.
 */
export function LanguageSuggestion() {
  const language = useLanguage();
  const location = useLocation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(language === 'en' && !document.cookie.includes(`${LANGUAGE_COOKIE}=`) && prefersTamil());
  }, [language]);
  if (!shown) return null;
  return (
    <aside className="language-suggestion" lang="ta" aria-label="மொழி">
      <p>
        இந்தப் பக்கம் தமிழிலும் உள்ளது.{' '}
        <a href={pathInLanguage(`${location.pathname}${location.search}`, 'ta')} onClick={() => rememberLanguage('ta')}>
          தமிழில் படிக்க
        </a>
      </p>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => {
          rememberLanguage('en');
          setShown(false);
        }}
      >
        <span lang="en">English</span>
      </button>
    </aside>
  );
}
