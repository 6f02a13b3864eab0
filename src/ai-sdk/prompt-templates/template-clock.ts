// Dates as chat templates print them (`strftime` patterns, local time).

export const pad = (value: number): string => String(value).padStart(2, '0');
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `strftime('%d %b %Y')` (Llama 3.x), local time as the templates' `strftime_now` reads it. */
export const dayMonthYear = (date: Date): string =>
  `${pad(date.getDate())} ${monthNames[date.getMonth()]} ${date.getFullYear()}`;
/** `strftime('%Y-%m-%d')` (gpt-oss). */
export const isoDay = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
