// The phone menu is a native <details> (it opens and closes without JavaScript), which Escape does not close. This
// inline script, in the page's HTML and so working before any chunk loads, closes the open menu on Escape and puts
// focus back on its button (WCAG 2.1.2 and the disclosure pattern: a panel opened by a button closes with Escape).
// A widget that handles Escape itself (the header search's list) prevents the default, and is left alone.
export const SITE_MENU_ESCAPE_SCRIPT = `document.addEventListener('keydown',function(e){if(e.key!=='Escape'||e.defaultPrevented)return;var m=document.querySelector('details.site-menu[open]');if(!m)return;m.open=false;var s=m.querySelector('summary');if(s)s.focus()})`
