// Cookie consent (UK PECR): the stored choice and how it is read. Nothing non-essential runs until 'accepted'.
export const CONSENT_COOKIE = 'wh_consent'
export type ConsentChoice = 'accepted' | 'declined'

export function readConsent(cookieHeader: string): ConsentChoice | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === CONSENT_COOKIE && (value === 'accepted' || value === 'declined')) return value
  }
  return null
}

/**
 * Runs inline before the banner is parsed: marks the page when a choice is stored, so CSS hides the banner
 * that every page carries in its HTML. The banner is then painted with the page (no late paint, no shift)
 * for a first visit, and never flashes for a returning one.
 */
export const CONSENT_PRECHECK_SCRIPT = `try{if(/(?:^|;\\s*)${CONSENT_COOKIE}=(?:accepted|declined)(?:;|$)/.test(document.cookie))document.documentElement.setAttribute('data-consent-stored','')}catch(e){}`

export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  // A year, as the ICO suggests re-asking at most annually; SameSite=Lax; readable by our script only.
  return `${CONSENT_COOKIE}=${choice}; Max-Age=${60 * 60 * 24 * 365}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
}

/**
 * Runs inline first thing in every page when a tag manager is configured (Google consent mode v2): sets up the
 * dataLayer with every kind of storage denied before any tag can read it, grants analytics at once for a visitor
 * who accepted earlier, and gives the page `window.whAnalytics`, the one way our code sends an analytics event.
 * Events wait in it until the visitor accepts (then they all go to the dataLayer, in order) and are dropped when
 * they decline; nothing reaches the dataLayer before acceptance. An event pushed with a key (a purchase: its order
 * number) goes to the dataLayer once per browser, however often its page is loaded.
 */
export const CONSENT_MODE_SCRIPT = `(function(){var w=window,l=w.dataLayer=w.dataLayer||[];function gtag(){l.push(arguments)}\
gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied'});\
var m=/(?:^|;\\s*)${CONSENT_COOKIE}=(accepted|declined)(?:;|$)/.exec(document.cookie),s=m?m[1]:null,q=[];\
if(s==='accepted')gtag('consent','update',{analytics_storage:'granted'});\
function send(e,k){if(k){try{if(localStorage.getItem(k))return;localStorage.setItem(k,'1')}catch(x){}}l.push({ecommerce:null});l.push(e)}\
w.whAnalytics={push:function(e,k){if(s==='accepted')send(e,k);else if(!s)q.push([e,k])},\
grant:function(){if(s!=='accepted'){s='accepted';gtag('consent','update',{analytics_storage:'granted'})}q.splice(0).forEach(function(p){send(p[0],p[1])})},\
deny:function(){q.length=0;if(s==='accepted')gtag('consent','update',{analytics_storage:'denied'});s='declined'}}})()`
