import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

export * from './format';
export * from './calendar-date';
export * from './components/status-badge';
export * from './components/button';
export * from './components/notice';
export * from './components/spinner';
export * from './components/stars';
export * from './save-blob';
export { PageTakeover } from './page-takeover';
export { i18nFor, LanguageProvider, loadMessages, useLanguage, useRouterLanguage } from './i18n';
