import { apiCall } from '@/services/client/api';
import { FROM_WEB } from '@/services/client/boot';
import type { ContentLanguage } from '@/services/store/languages-slice';

export interface SystemLanguage {
  name: string;
  title: string;
  rtl: boolean;
  version: number;
  is_default: boolean;
}

export interface SystemLanguageJson {
  name: string;
  title: string;
  rtl: boolean;
  version: number;
  strings: Record<string, string>;
}


/** Content languages (`response`: the head script's answer to this same call, services/client/boot.ts). */
export const getLanguages = (response?: Response): Promise<ContentLanguage[] | null> =>
  apiCall<ContentLanguage[]>('get_languages', {}, { toast: false, response });

/** Interface languages. */
export const getSystemLanguageList = (): Promise<SystemLanguage[] | null> =>
  apiCall<SystemLanguage[]>('get_system_language_list', { from: FROM_WEB }, { toast: false });

/** Interface strings of one language; the caller decides whether a failure is worth a toast. */
export const getSystemLanguageJson = (name: string, response?: Response): Promise<SystemLanguageJson | null> =>
  apiCall<SystemLanguageJson>('get_system_language_json', { from: FROM_WEB, language: name }, { toast: false, response });
