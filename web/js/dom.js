// h('button.gt-card.is-legal#id', {class: {...}, dataset: {...}, attrs: {...}, on: {...}, ...props}, children)
// A tiny hyperscript: enough for a table of at most 32 cards, re-rendered whole on every change.

export function h(selector, props = {}, children = []) {
  if (Array.isArray(props) || typeof props === 'string' || props instanceof Node) {
    children = props;
    props = {};
  }
  const [, tag, rest = ''] = selector.match(/^([a-z][a-z0-9-]*)(.*)$/i);
  const el = document.createElement(tag);
  for (const part of rest.match(/[.#][^.#]+/g) || []) {
    if (part[0] === '.') el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key === 'class') {
      if (typeof value === 'string') el.classList.add(...value.split(/\s+/).filter(Boolean));
      else for (const [name, on] of Object.entries(value)) if (on) el.classList.add(name);
    } else if (key === 'dataset') {
      for (const [name, v] of Object.entries(value)) if (v !== undefined && v !== null) el.dataset[name] = v;
    } else if (key === 'attrs') {
      for (const [name, v] of Object.entries(value)) {
        if (v === false || v === undefined || v === null) continue;
        el.setAttribute(name, v === true ? '' : String(v));
      }
    } else if (key === 'on') {
      for (const [type, fn] of Object.entries(value)) el.addEventListener(type, fn);
    } else if (key === 'style') {
      for (const [name, v] of Object.entries(value)) el.style.setProperty(name, v);
    } else {
      el[key] = value;   // text, value, type, disabled, hidden, ...
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  if (children === null || children === undefined || children === false) return;
  if (Array.isArray(children)) {
    for (const child of children) append(el, child);
  } else {
    el.append(children instanceof Node ? children : document.createTextNode(String(children)));
  }
}

/** container.replaceChildren(...nodes), with the keyboard focus kept on the new twin of the focused control (the same
 *  data-focus, data-action or id): a redraw of the bar or of an open dialog dropped a keyboard player's focus to the
 *  page's body. Returns whether the focus was inside. */
export function replaceKeepingFocus(container, ...nodes) {
  const active = container.getRootNode().activeElement;   // a widget's shadow root has its own
  const inside = Boolean(active && container.contains(active));
  const key = inside ? twinSelector(active) : null;
  container.replaceChildren(...nodes);
  if (key) container.querySelector(key)?.focus({ preventScroll: true });
  return inside;
}

/** replaceKeepingFocus, unless the new nodes draw exactly what is there (isEqualNode): the bar was redrawn at every
 *  bot move, and a press held across a redraw (its mousedown on the old button, its mouseup on the new one) was no
 *  click at all. Only for parts whose handlers call actions by name, with nothing of the render in their closures. */
export function redrawIfChanged(container, ...nodes) {
  const old = [...container.childNodes];
  if (old.length === nodes.length && old.every((node, i) => node.isEqualNode(nodes[i]))) return;
  replaceKeepingFocus(container, ...nodes);
}

/** The selector of *el*'s twin in a redrawn tree (its data-focus, data-action or id), or null. */
/** Nobody else holds the focus: it is on the page's body, or already inside *root* (which may sit in a widget's
 *  shadow root). A part that starts slowly takes the focus only then: the reader may have gone on meanwhile. */
export function focusIsFree(root) {
  const active = root.getRootNode().activeElement;   // in a shadow root: null when the focus is outside it
  if (active) return active === document.body || root.contains(active);
  return document.activeElement === document.body;
}

export function twinSelector(el) {
  if (el.dataset.focus) return `[data-focus="${CSS.escape(el.dataset.focus)}"]`;
  if (el.dataset.action) return `[data-action="${CSS.escape(el.dataset.action)}"]`;
  return el.id ? `#${CSS.escape(el.id)}` : null;
}

let nextId = 0;
/** A document-unique id, for aria-describedby / aria-labelledby pairs. */
export const uid = (prefix = 'gt') => `${prefix}-${++nextId}`;

/** A sentence with each rule's id ("N-2", "P-1") kept on one line: "(N-" ended a line and "2, announce higher)" began
 * the next, in the lessons and the phone's tips (a learner's audit). The text copied stays as written. */
export function prose(text) {
  if (text === null || text === undefined) return [];
  return String(text).split(/\b([A-Z]-\d+)\b/).map((part, i) => (i % 2 ? h('span.gt-nowrap', part) : part));
}
