// formatDate: Unicode TR35 patterns (the subset the basic catalog documents) via Intl names.

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

// A Date for an ISO 8601 string or epoch milliseconds; date-only and zone-less values are
// local (a due date of 2026-03-01 is the 1st everywhere), values with Z or an offset are exact.
export function parseDate(value) {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "number") return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value !== "string" || value.length > 64) return null;
  let match = DATE_ONLY.exec(value);
  if (match) return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  match = LOCAL_DATE_TIME.exec(value);
  if (match) {
    return new Date(
      Number(match[1]), Number(match[2]) - 1, Number(match[3]),
      Number(match[4]), Number(match[5]), Number(match[6] ?? 0),
    );
  }
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

function names(locale, options, count, make) {
  const formatter = new Intl.DateTimeFormat(locale, options);
  return Array.from({ length: count }, (_, index) => formatter.format(make(index)));
}

const pad = (number, width) => String(number).padStart(width, "0");

export function formatDate(value, pattern, locale) {
  const date = parseDate(value);
  if (!date) return "";
  if (typeof pattern !== "string" || pattern === "ISO") return date.toISOString();
  const months = (style) => names(locale, { month: style }, 12, (i) => new Date(2024, i, 1));
  const days = (style) => names(locale, { weekday: style }, 7, (i) => new Date(2024, 0, 7 + i));
  let output = "";
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index];
    if (char === "'") {
      const end = pattern.indexOf("'", index + 1);
      if (end === index + 1) {
        output += "'";
        index += 2;
        continue;
      }
      output += pattern.slice(index + 1, end === -1 ? undefined : end);
      index = end === -1 ? pattern.length : end + 1;
      continue;
    }
    let run = 1;
    while (pattern[index + run] === char) run += 1;
    index += run;
    const hours = date.getHours();
    switch (char) {
      case "y":
      case "Y":
        output += run === 2 ? pad(date.getFullYear() % 100, 2) : pad(date.getFullYear(), run);
        break;
      case "M":
      case "L":
        if (run >= 4) output += months("long")[date.getMonth()];
        else if (run === 3) output += months("short")[date.getMonth()];
        else output += pad(date.getMonth() + 1, run);
        break;
      case "d":
        output += pad(date.getDate(), run);
        break;
      case "E":
        output += days(run >= 4 ? "long" : "short")[date.getDay()];
        break;
      case "H":
        output += pad(hours, run);
        break;
      case "h":
        output += pad(hours % 12 === 0 ? 12 : hours % 12, run);
        break;
      case "m":
        output += pad(date.getMinutes(), run);
        break;
      case "s":
        output += pad(date.getSeconds(), run);
        break;
      case "a":
        output += hours < 12 ? "AM" : "PM";
        break;
      default:
        output += char.repeat(run);
    }
  }
  return output;
}
