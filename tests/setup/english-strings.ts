// The bundle ships only the loader's strings; views under test read the shipped English ones,
// as the app does once its language has loaded.
import en from '@/locales/en.json';
import { i18n } from '@/services/client/i18n';

i18n.addResourceBundle('en', en);
