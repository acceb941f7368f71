import { QUIZ_ZONE_CATEGORY_TYPE } from '@/services/domain/quiz-zone';
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

type Prefetchable = 'settings' | 'config' | 'strings' | 'languages';

/**
 * The quiz-zone level page's first call (`openPlay`'s get_questions_by_level), which the head
 * script starts for a signed-in player as soon as the page's address is known: with the saved
 * session and content language, once the system configuration says whether content is filtered by
 * language. The page takes it when its own call is the same (`takePrefetchedCall`).
 */
export const PLAY_PREFETCH_ENDPOINT = 'get_questions_by_level';

/**
 * The random-battle lobby's first call: the quiz-zone categories its category choice offers
 * (get_categories, QUIZ_ZONE_CATEGORY_TYPE), unless the system configuration turns the category
 * choice off.
 */
export const LOBBY_PREFETCH_ENDPOINT = 'get_categories';

interface PrefetchedCall {
  endpoint: string;
  token: string;
  /** Every field as sent (strings), language_id included. */
  payload: Record<string, string>;
  response: Promise<Response>;
}

type BootRecord = Partial<Record<Prefetchable, Promise<Prefetched | null> | undefined>> & { call?: Promise<PrefetchedCall | null> | undefined };

/**
 * The head script's source. The language is the remembered one (the same persisted state the
 * store reads back), else the web settings' default, else English: what startApp asks for. Once
 * the system configuration says content languages are on, it also starts their list
 * (`languages`, with the saved content language's id as the app sends it); on a quiz-zone level
 * page, for a signed-in player, the level's questions (PLAY_PREFETCH_ENDPOINT) in the content
 * language the app will use: the saved one if the list still has it, else the list's default (or
 * first), as the languages slice chooses; 0 when content languages are off. On the random-battle
 * lobby, its categories (LOBBY_PREFETCH_ENDPOINT), the same way.
 */
export const PREFETCH_SCRIPT = `(function(){try{if(!window.fetch||!window.FormData)return;
var b=window[${JSON.stringify(BOOT_GLOBAL)}]={};
function call(e,p){var f=new FormData();for(var k in p)f.append(k,p[k]);return fetch('/api/'+e,{method:'POST',body:f});}
var lang='',s,l;try{var raw=localStorage.getItem(${JSON.stringify(PERSIST_STORAGE_KEY)});s=raw&&JSON.parse(raw);l=s&&s.languages&&JSON.parse(s.languages);if(l&&l.currentAppLanguage&&l.currentAppLanguage.name)lang=String(l.currentAppLanguage.name);}catch(e){}
var settings=call('get_web_settings',{});
b.settings=Promise.resolve({language:'',response:settings});
b.config=Promise.resolve({language:'',response:call('get_system_configurations',{})});
function strings(name){return{language:name,response:call('get_system_language_json',{from:'${FROM_WEB}',language:name})};}
b.strings=lang?Promise.resolve(strings(lang)):settings.then(function(r){return r.clone().json();}).then(function(j){return strings(j&&j.data&&j.data.web_default_interface_language||'en');},function(){return strings('en');});
var token='',lid=0;try{var u=s&&s.user&&JSON.parse(s.user);token=u&&u.token||'';lid=l&&l.currentLanguage&&l.currentLanguage.id||0;}catch(e){}
var json=function(r){return r.clone().json().then(function(j){return j&&j.data;},function(){return null;});};
var cfg=b.config.then(function(c){return c.response.then(json);}).then(function(c){return c||settings.then(json);},function(){return settings.then(json);}).then(function(c){return c||{};},function(){return {};});
var mode=cfg.then(function(c){return c.language_mode==='1';});
var list=mode.then(function(on){return on?call('get_languages',{language_id:String(lid)}):null;});
b.languages=list.then(function(r){return r?{language:String(lid),response:Promise.resolve(r)}:null;},function(){return null;});
var content=list.then(function(r){return r?json(r).then(function(ls){ls=ls||[];var i,d=null;for(i=0;i<ls.length;i++){if(ls[i].id===lid)return lid;if(!d&&ls[i].is_default)d=ls[i];}d=d||ls[0];return d?d.id:0;}):0;},function(){return lid;});
var path=location.pathname,m=/^\\/quiz-zone\\/([^/]+)\\/(?:([^/]+)\\/)?level\\/([1-9][0-9]*)\\/?$/.exec(path),page=null;
var dec=function(v){try{return decodeURIComponent(v);}catch(e){return v;}};
if(m){page={endpoint:${JSON.stringify(PLAY_PREFETCH_ENDPOINT)},payload:{category:dec(m[1]),level:m[3]}};if(m[2])page.payload.subcategory=dec(m[2]);}
else if(/^\\/random-battle\\/?$/.test(path))page={endpoint:${JSON.stringify(LOBBY_PREFETCH_ENDPOINT)},payload:{type:'${QUIZ_ZONE_CATEGORY_TYPE}'},when:function(c){return c.battle_mode_random_category!=='0';}};
if(page&&token){b.call=Promise.all([cfg,content]).then(function(r){
if(page.when&&!page.when(r[0]))return null;
var q={};for(var k in page.payload)q[k]=page.payload[k];q.language_id=String(r[1]);var f=new FormData();for(k in q)f.append(k,q[k]);
return{endpoint:page.endpoint,token:token,payload:q,response:fetch('/api/'+page.endpoint,{method:'POST',body:f,headers:{Authorization:'Bearer '+token}})};});}
}catch(e){}})();`;

function record(): BootRecord | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as Record<string, BootRecord | undefined>)[BOOT_GLOBAL];
}

/**
 * The head script's answer for a call, once: the web settings (`settings`), the system
 * configuration (`config`), the strings of `language` (`strings`; none when the script asked for
 * another language), the content languages asked for with language_id `language` (`languages`),
 * or none.
 */
export async function takePrefetched(what: Prefetchable, language = ''): Promise<Response | undefined> {
  const held = record();
  const pending = held?.[what];
  if (!held || !pending) return undefined;
  held[what] = undefined;
  try {
    const prefetched = await pending;
    return prefetched && prefetched.language === language ? await prefetched.response : undefined;
  } catch {
    // Not reached, or failed: the app's own call tries again and reports what happened.
    return undefined;
  }
}

/**
 * The head script's call for this page, once, when it is the call the page is about to make:
 * same endpoint, session and fields as they would be sent (`form`); otherwise none (and it is
 * dropped: a mismatch means the page asks for something else). Undefined (not a promise) when the
 * head script started nothing or it was taken already.
 */
export function takePrefetchedCall(endpoint: string, token: string | null, form: FormData): Promise<Response | undefined> | undefined {
  const held = record();
  const pending = held?.call;
  // Nothing held: undefined at once, so that the caller's own call starts without waiting a turn.
  if (!held || !pending) return undefined;
  held.call = undefined;
  const sent = [...form.entries()];
  return pending.then(
    (call) => {
      const same =
        !!call &&
        call.endpoint === endpoint &&
        call.token === token &&
        sent.length === Object.keys(call.payload).length &&
        sent.every(([key, value]) => call.payload[key] === value);
      return same ? call!.response.catch(() => undefined) : undefined;
    },
    () => undefined,
  );
}
