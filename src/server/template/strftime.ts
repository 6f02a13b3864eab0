const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function dayOfYear(date: Date): number {
  const start = new Date(date.getFullYear(), 0, 1);
  const today = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((today.getTime() - start.getTime()) / 86_400_000) + 1;
}

function field(code: string, date: Date): string | undefined {
  switch (code) {
    case 'a':
      return weekdays[date.getDay()]?.slice(0, 3);
    case 'A':
      return weekdays[date.getDay()];
    case 'b':
    case 'h':
      return months[date.getMonth()]?.slice(0, 3);
    case 'B':
      return months[date.getMonth()];
    case 'd':
      return pad(date.getDate());
    case 'e':
      return String(date.getDate()).padStart(2, ' ');
    case 'H':
      return pad(date.getHours());
    case 'I':
      return pad(date.getHours() % 12 === 0 ? 12 : date.getHours() % 12);
    case 'j':
      return pad(dayOfYear(date), 3);
    case 'm':
      return pad(date.getMonth() + 1);
    case 'M':
      return pad(date.getMinutes());
    case 'p':
      return date.getHours() < 12 ? 'AM' : 'PM';
    case 'S':
      return pad(date.getSeconds());
    case 'y':
      return pad(date.getFullYear() % 100);
    case 'Y':
      return String(date.getFullYear());
    case 'F':
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    case 'T':
      return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    case '%':
      return '%';
    default:
      return undefined;
  }
}

/**
 * `date` formatted with C `strftime` codes in the C locale (English names), local time, as Python's
 * `datetime.now().strftime(format)` prints them for the `strftime_now` function that transformers gives
 * chat templates. Codes: `%a %A %b %h %B %d %e %H %I %j %m %M %p %S %y %Y %F %T %%`; any other `%x` is
 * kept as written. One pass over `format` (linear).
 */
export function strftime(date: Date, format: string): string {
  let out = '';
  for (let index = 0; index < format.length; index++) {
    const char = format[index];
    const code = format[index + 1];
    if (char === '%' && code !== undefined) {
      const value = field(code, date);
      if (value !== undefined) {
        out += value;
        index++;
        continue;
      }
    }
    out += char;
  }
  return out;
}
