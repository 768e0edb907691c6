// embed.html: one <giretra-game> configured by the URL (?mode=lesson&lesson=...&lang=fr&rules=&seed=&autostart=
// &rules-href=&caption=), for hosts that embed an iframe rather than a script. It tells the host its height after
// every change:
//   parent <- {type: 'giretra:height', height}      and listens for   {type: 'giretra:lang', lang}.

import { LANGUAGES } from './i18n.js';

const ATTRIBUTES = ['mode', 'lesson', 'lang', 'rules', 'seed', 'autostart', 'rules-href', 'link', 'deal'];
const params = new URLSearchParams(location.search);
const widget = document.getElementById('gt-embed');
for (const name of ATTRIBUTES) {
  if (params.has(name)) widget.setAttribute(name, params.get(name));
}
// The caption beside the start button, as the element's text is on a host page (an iframe could not set it: an
// audit). Anyone can write the address: only plain text is taken (it becomes text, never markup), one line of at most
// MAX_CAPTION characters; anything else leaves the mode's default caption, and the console says why.
const MAX_CAPTION = 120;
const caption = params.get('caption');
if (caption !== null) {
  const text = caption.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (text && text.length <= MAX_CAPTION && !/[\u0000-\u001f\u007f]/.test(text)) widget.textContent = text;
  else console.warn(`giretra-game: caption= must be one line of 1 to ${MAX_CAPTION} characters: the default caption is shown`);
}
// Defined only now, with its attributes: the widget loads the words of its own language only (defined first, it
// started in <html lang="en"> and loaded the English ones too).
await import('./widget.js');
document.documentElement.lang = widget.language;
document.body.classList.toggle('is-table', ['match', 'full', 'trick'].includes(widget.mode));

let reported = 0;
const report = () => {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height === reported || window.parent === window) return;
  reported = height;
  window.parent.postMessage({ type: 'giretra:height', height }, '*');   // a height is no secret
};
new ResizeObserver(report).observe(document.documentElement);
report();

window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.data?.type !== 'giretra:lang') return;
  // Anyone can post here: only one of the languages, as a string, is taken; anything else is ignored.
  const { lang } = event.data;
  if (typeof lang !== 'string' || !LANGUAGES.includes(lang)) return;
  widget.setAttribute('lang', lang);
  document.documentElement.lang = widget.language;
});
