// A share link's or file's refusal in the reader's language (the codec gives a key and parameters, share/strings.ts
// the texts); other errors keep their message.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ShareError, shareErrorText } from '../../share/codec.ts';

export function useShareRefusal(): (e: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (e: unknown) => {
      if (e instanceof ShareError) return shareErrorText(e, (key, params) => t(`shareErrors.${key}`, params));
      return e instanceof Error ? e.message : String(e);
    },
    [t],
  );
}
