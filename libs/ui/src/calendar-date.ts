/**
 * Calendar dates for people in the shop's two languages, written from small tables instead of
 * Intl.DateTimeFormat: making a formatter loads the locale's data (tens of milliseconds of a page's
 * first render), and a Tamil page would load Tamil's. Each form gives the same text as
 * Intl.DateTimeFormat('en-IN' | 'ta-IN', {…, timeZone: 'UTC'}) (calendar-date.test.ts checks every day
 * of three years).
 */

export type CalendarLanguage = 'en' | 'ta';

export interface CalendarDateStyle {
  /** The weekday's short or long name; none when absent. */
  weekday?: 'short' | 'long';
  month?: 'short' | 'long';
  /** With the year (the default). */
  year?: boolean;
}

interface Names {
  months: { short: readonly string[]; long: readonly string[] };
  /** Sunday first, as Date#getUTCDay counts. */
  weekdays: { short: readonly string[]; long: readonly string[] };
}

const NAMES: Record<CalendarLanguage, Names> = {
  en: {
    months: {
      short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
      long: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    },
    weekdays: {
      short: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
      long: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    },
  },
  ta: {
    months: {
      short: ['ஜன.', 'பிப்.', 'மார்.', 'ஏப்.', 'மே', 'ஜூன்', 'ஜூலை', 'ஆக.', 'செப்.', 'அக்.', 'நவ.', 'டிச.'],
      long: ['ஜனவரி', 'பிப்ரவரி', 'மார்ச்', 'ஏப்ரல்', 'மே', 'ஜூன்', 'ஜூலை', 'ஆகஸ்ட்', 'செப்டம்பர்', 'அக்டோபர்', 'நவம்பர்', 'டிசம்பர்'],
    },
    weekdays: {
      short: ['ஞாயி.', 'திங்.', 'செவ்.', 'புத.', 'வியா.', 'வெள்.', 'சனி'],
      long: ['ஞாயிறு', 'திங்கள்', 'செவ்வாய்', 'புதன்', 'வியாழன்', 'வெள்ளி', 'சனி'],
    },
  },
};

/** The order and commas of each language's CLDR patterns for these forms. */
function arrange(language: CalendarLanguage, style: CalendarDateStyle, weekday: string | null, day: string, month: string, year: string | null): string {
  const longMonth = style.month === 'long';
  if (language === 'ta') {
    if (year !== null) return weekday === null ? `${day} ${month}, ${year}` : `${weekday}, ${day} ${month}, ${year}`;
    if (weekday !== null) return `${month} ${day}, ${weekday}`;
    return longMonth ? `${day} ${month}` : `${month} ${day}`;
  }
  const date = `${day} ${month}`;
  if (weekday === null) return year === null ? date : `${date} ${year}`;
  if (year === null) return `${weekday}, ${date}`;
  // Only the all-short form puts a comma before the year: "Thu, 26 Nov, 2026", "Thursday, 26 Nov 2026".
  return style.weekday === 'short' && !longMonth ? `${weekday}, ${date}, ${year}` : `${weekday}, ${date} ${year}`;
}

/** A calendar date (YYYY-MM-DD, the same in every time zone) in `language`: "26 Nov 2026", "26 நவ., 2026". */
export function formatCalendarDate(isoDate: string, language: CalendarLanguage, style: CalendarDateStyle = {}): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const names = NAMES[language];
  const weekday = style.weekday ? names.weekdays[style.weekday][date.getUTCDay()] : null;
  const month = names.months[style.month ?? 'short'][date.getUTCMonth()];
  const year = style.year === false ? null : String(date.getUTCFullYear());
  return arrange(language, style, weekday, String(date.getUTCDate()), month, year);
}

/** A day of the week by its number (0 = Sunday … 6 = Saturday, as Date#getUTCDay and the shop's contracts count): "Mon", "திங்கள்". */
export function formatWeekday(day: number, language: CalendarLanguage, style: 'short' | 'long' = 'short'): string {
  return NAMES[language].weekdays[style][day];
}
