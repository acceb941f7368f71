import { PREFETCH_SCRIPT } from '@/services/client/boot';
import { PERSIST_STORAGE_KEY } from '@/services/store/persist-key';

// Runs before the first paint (and starts the first load's calls: services/client/boot.ts), so a remembered dark theme or right-to-left language shows from
// the start instead of flipping once React has read the store back. Mirrors useDocumentPreferences.
const SCRIPT = `(function(){try{var raw=localStorage.getItem(${JSON.stringify(PERSIST_STORAGE_KEY)});if(!raw)return;
var s=JSON.parse(raw),d=document.documentElement;
var p=s.preferences&&JSON.parse(s.preferences);if(p&&(p.theme==='light'||p.theme==='dark'))d.setAttribute('data-theme',p.theme);
var l=s.languages&&JSON.parse(s.languages);if(l&&l.currentAppLanguage){d.lang=l.currentAppLanguage.name;d.dir=l.rtl?'rtl':'ltr';}
}catch(e){}})();`;

export function DocumentPreferencesScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT + PREFETCH_SCRIPT }} />;
}
