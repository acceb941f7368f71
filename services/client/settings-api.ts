import { apiCall, apiRequest, type ApiResult, type CallOptions } from '@/services/client/api';
import type { PageType, SettingsMap } from '@/services/domain/settings';
import type { WebSettings } from '@/services/store/settings-slice';

export type { WebSettings };

export interface FaqItem {
  question: string;
  answer: string;
}

export interface SettingsPage {
  type: PageType;
  title: string;
  /** Plain text; paragraphs are separated by blank lines. */
  content: string;
  /** Only for `faq`. */
  items?: FaqItem[];
}

export interface HomeMode {
  key: string;
  route: string;
  enabled: boolean;
}

export interface WebHomeSettings {
  hero_title: string;
  hero_subtitle: string;
  modes: HomeMode[];
}

/** The shell reports a failure itself (the loader stays with a retry), so no toast. */
export const getWebSettings = (response?: Response): Promise<WebSettings | null> =>
  apiCall<WebSettings>('get_web_settings', {}, { toast: false, response });

export const getSystemConfigurations = (options: CallOptions = { toast: false }): Promise<SettingsMap | null> =>
  apiCall<SettingsMap>('get_system_configurations', {}, options);

/** Returns the full result: the page view tells "no data" (102) from a failure. */
export const getSettingsPage = (type: PageType): Promise<ApiResult<SettingsPage>> =>
  apiRequest<SettingsPage>('get_settings', { type }, { toast: false });

/** `language_id` is added by the client from the chosen content language. */
export const getWebHomeSettings = (): Promise<WebHomeSettings | null> =>
  apiCall<WebHomeSettings>('get_web_home_settings', {}, { toast: false });
