import { type CalendarDateStyle, type CalendarLanguage, formatCalendarDate, formatWeekday } from './calendar-date';

const LOCALES: Record<CalendarLanguage, string> = { en: 'en-IN', ta: 'ta-IN' };

/** Every form the shop writes: with or without the weekday (short or long), either month name, with or without the year. */
const STYLES: CalendarDateStyle[] = (['short', 'long', undefined] as const).flatMap((weekday) =>
  (['short', 'long'] as const).flatMap((month) => [true, false].map((year) => ({ weekday, month, year }))),
);

/** Every day from 1 January 2026 to 31 December 2028 (a leap year, with 29 February). */
const DAYS = Array.from({ length: 1096 }, (_, index) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10));

describe('formatCalendarDate', () => {
  it.each([
    ['2026-11-26', 'en', { weekday: 'short' }, 'Thu, 26 Nov, 2026'],
    ['2026-11-26', 'ta', { weekday: 'short' }, 'வியா., 26 நவ., 2026'],
    ['2028-02-29', 'ta', { weekday: 'long', month: 'long' }, 'செவ்வாய், 29 பிப்ரவரி, 2028'],
    ['2026-05-03', 'ta', { year: false }, 'மே 3'],
    ['2026-09-03', 'en', {}, '3 Sept 2026'],
  ] as const)('writes %s in %s %j as %s', (date, language, style, text) => {
    expect(formatCalendarDate(date, language, style)).toBe(text);
  });

  it.each(Object.keys(LOCALES) as CalendarLanguage[])(
    'gives the same text as Intl.DateTimeFormat in %s for every form and every day of three years',
    (language) => {
      for (const style of STYLES) {
        const intl = new Intl.DateTimeFormat(LOCALES[language], {
          weekday: style.weekday,
          day: 'numeric',
          month: style.month,
          year: style.year ? 'numeric' : undefined,
          timeZone: 'UTC',
        });
        const differing = DAYS.filter((day) => formatCalendarDate(day, language, style) !== intl.format(new Date(`${day}T00:00:00Z`)));
        expect({
          style,
          differing: differing.slice(0, 3).map((day) => [formatCalendarDate(day, language, style), intl.format(new Date(`${day}T00:00:00Z`))]),
        }).toEqual({
          style,
          differing: [],
        });
      }
    },
  );
});

describe('formatWeekday', () => {
  it('names a day of the week by its number, 0 being Sunday', () => {
    expect([0, 1, 6].map((day) => formatWeekday(day, 'en'))).toEqual(['Sun', 'Mon', 'Sat']);
    expect(formatWeekday(4, 'en', 'long')).toBe('Thursday');
    expect(formatWeekday(1, 'ta', 'long')).toBe('திங்கள்');
  });
});
