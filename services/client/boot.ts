import { PERSIST_STORAGE_KEY } from '@/services/store/persist-key';

/**
 * The calls every first load waits for (web settings, then the interface language's strings; the
 * system configuration, which mode switches and games read) are started by an inline script in
 * the document's head, while the browser is still fetching the
 * app's scripts, instead of after them: the loader's wait becomes the longer of the two instead
 * of their sum. The app takes each answer once (`takePrefetched`); a retry calls again as usual.
 */
export const BOOT_GLOBAL = '__quizArenaBoot';

/** `from` of the system-language calls made by the web app (spec §7, §9). */
export const FROM_WEB = 2;

export interface Prefetched {
  /** The language the strings were asked for ('' until known). */
  language: string;
  response: Promise<Response>;
}

type Prefetchable = 'settings' | 'config' | 'strings';
type BootRecord = Partial<Record<Prefetchable, Promise<Prefetched> | undefined>>;

/**
 * The head script's source. The language is the remembered one (the same persisted state the
 * store reads back), else the web settings' default, else English: what startApp asks for.
 */
export const PREFETCH_SCRIPT = `(function(){try{if(!window.fetch||!window.FormData)return;
var b=window[${JSON.stringify(BOOT_GLOBAL)}]={};
function call(e,p){var f=new FormData();for(var k in p)f.append(k,p[k]);return fetch('/api/'+e,{method:'POST',body:f});}
var lang='';try{var raw=localStorage.getItem(${JSON.stringify(PERSIST_STORAGE_KEY)});var s=raw&&JSON.parse(raw);var l=s&&s.languages&&JSON.parse(s.languages);if(l&&l.currentAppLanguage&&l.currentAppLanguage.name)lang=String(l.currentAppLanguage.name);}catch(e){}
var settings=call('get_web_settings',{});
b.settings=Promise.resolve({language:'',response:settings});
b.config=Promise.resolve({language:'',response:call('get_system_configurations',{})});
function strings(name){return{language:name,response:call('get_system_language_json',{from:'${FROM_WEB}',language:name})};}
b.strings=lang?Promise.resolve(strings(lang)):settings.then(function(r){return r.clone().json();}).then(function(j){return strings(j&&j.data&&j.data.web_default_interface_language||'en');},function(){return strings('en');});
}catch(e){}})();`;

function record(): BootRecord | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as Record<string, BootRecord | undefined>)[BOOT_GLOBAL];
}

/**
 * The head script's answer for a call, once: the web settings (`settings`), the system
 * configuration (`config`), or the strings of
 * `language` (`strings`; none when the script asked for another language), or none.
 */
export async function takePrefetched(what: Prefetchable, language = ''): Promise<Response | undefined> {
  const held = record();
  const pending = held?.[what];
  if (!held || !pending) return undefined;
  held[what] = undefined;
  try {
    const prefetched = await pending;
    return prefetched.language === language ? await prefetched.response : undefined;
  } catch {
    // Not reached, or failed: the app's own call tries again and reports what happened.
    return undefined;
  }
}
