/** Small DOM helpers: elements by id (throwing when the page lacks one) and built elements. */

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`the page has no #${id}`);
  return element as T;
}

/** `<tag class=...>` with its children (strings become text nodes). */
export function el(
  tag: string,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** The colour of call `index` (`invalid`: a red family), as a CSS hue. */
export function hueOf(index: number): number {
  return (200 + index * 67) % 360;
}
