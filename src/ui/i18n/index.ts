// i18next with the bundled English and Simplified Chinese resources (no network: the site works offline).
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.ts';
import zhCN from './zh-CN.ts';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = 'kubesim.language';

export const resources = { en: { translation: en }, 'zh-CN': { translation: zhCN } };

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled
  }
}

/** The saved choice, else the browser's language when it is Chinese, else English. */
export function initialLanguage(): Language {
  const saved = storage()?.getItem(LANGUAGE_KEY);
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  const nav = globalThis.navigator?.language ?? 'en';
  return nav.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function createI18n(lng: Language = initialLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
    showSupportNotice: false, // no console advertising
  });
  return instance;
}

/** Switch and remember the language; also sets <html lang>. */
export async function setLanguage(i18n: I18n, lng: Language): Promise<void> {
  await i18n.changeLanguage(lng);
  storage()?.setItem(LANGUAGE_KEY, lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
