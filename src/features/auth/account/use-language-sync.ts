import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '@/lib/i18n';
import { useAuthStore } from '@/stores/auth';
import { updateMe } from './api';

/**
 * Tells the server when the signed-in user switches the interface language (the top bar's
 * choice), so the mail it sends them goes out in that language too. Only a switch counts: the
 * profile saves its own choice before switching, and offline the next switch tries again.
 */
export function useLanguageSync() {
  const { i18n } = useTranslation();
  // The language asked for, which is what the user chose even before its texts have loaded.
  const language = toLanguage(i18n.language);
  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    const { isLoggedIn, user } = useAuthStore.getState();
    if (!isLoggedIn || !user || user.language === language) return;
    updateMe({ language }).catch(() => undefined);
  }, [language]);
}
